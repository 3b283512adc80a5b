#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process (git) started with `posix_spawn`, its standard streams as pipes. Foundation's
/// `Process` costs tens of milliseconds per launch on Linux (its run-loop wait), which a diff
/// pays for every git command; this costs what the fork costs.
struct Subprocess {
    let pid: pid_t
    /// The write end of the child's standard input (-1 without `input`).
    let input: Int32
    let output: Int32
    let error: Int32

    /// - Parameters:
    ///   - arguments: `argv`, the program's name first.
    ///   - input: give the child a pipe for standard input; otherwise it reads /dev/null.
    init(_ executable: String, _ arguments: [String], environment: [String: String], input: Bool) throws {
        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard Self.pipe(&outPipe), Self.pipe(&errPipe), !input || Self.pipe(&inPipe) else {
            throw GitError("cannot run git: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
            posix_spawn_file_actions_addclose(&actions, inPipe[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in [outPipe[0], errPipe[0]] { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        for fd in [inPipe[0], outPipe[1], errPipe[1]] where fd >= 0 { close(fd) }
        guard status == 0 else {
            for fd in [inPipe[1], outPipe[0], errPipe[0]] where fd >= 0 { close(fd) }
            throw GitError("cannot run \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.input = inPipe[1]
        self.output = outPipe[0]
        self.error = errPipe[0]
    }

    /// A pipe whose ends close on exec: a child started by another thread must not inherit
    /// them, or this pipe's reader would wait for that child to end. Pipes are made and
    /// children started under `spawning`, so no child starts between `pipe` and `fcntl`.
    private static func pipe(_ ends: inout [Int32]) -> Bool {
        #if canImport(Glibc)
        guard Glibc.pipe(&ends) == 0 else { return false }
        #else
        guard Darwin.pipe(&ends) == 0 else { return false }
        #endif
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static let spawning = SpawnLock()

    /// Waits for the child and returns its exit status (128 + signal when killed).
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Everything a descriptor yields until its end, then closes it.
    static func readAll(_ fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            result.append(contentsOf: chunk[0..<count])
        }
        close(fd)
        return result
    }

    /// Writes all bytes; false when the reader is gone.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { FileDescriptor.writeAll(fd, $0) } == nil
    }
}

/// One mutex for starting children (see `Subprocess.pipe`).
private final class SpawnLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func lock() { pthread_mutex_lock(&mutex) }
    func unlock() { pthread_mutex_unlock(&mutex) }
}
