#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel

/// Tells which files of a working directory changed, for a long-lived session: inotify on
/// Linux, else polling the files' modification times. Folders the walk skips (`.build`,
/// `.git`, the excludes) are not watched. A watcher belongs to the thread that asks it.
public protocol FileWatcher: AnyObject {
    /// Waits up to `timeout` seconds for a change, then for the burst of changes to settle
    /// (an editor's save, `git checkout`), and returns the paths, relative to the root, of
    /// the files and folders that changed; empty when nothing did. With a timeout of 0, the
    /// changes made until now, at once.
    func changes(timeout: Double) -> [String]
}

public enum FileWatchers {
    /// The best watcher the system has for `tree`; `polling` forces the portable one.
    public static func watch(_ tree: WorkingDirectoryTree, polling: Bool = false) -> any FileWatcher {
        #if os(Linux)
        if !polling, let watcher = InotifyWatcher(tree) { return watcher }
        #endif
        return PollingWatcher(tree)
    }

    /// The path a watcher reports when it lost track (its queue overflowed): anything may
    /// have changed.
    public static let everything = "."
    /// How long a burst of changes may go quiet before it is answered, in seconds.
    static let settle = 0.05
    /// The longest a burst is collected before it is answered anyway.
    static let longestBurst = 0.5
}

/// Compares the files' sizes and modification times every `changes` call.
public final class PollingWatcher: FileWatcher {
    private let tree: WorkingDirectoryTree
    private var seen: [String: Stamp]

    struct Stamp: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
    }

    public init(_ tree: WorkingDirectoryTree) {
        self.tree = tree
        seen = Self.stamps(tree)
    }

    public func changes(timeout: Double) -> [String] {
        let deadline = Monotonic.now + timeout
        while true {
            let start = Monotonic.now
            let now = Self.stamps(tree)
            let changed = Set(now.keys).union(seen.keys).filter { now[$0] != seen[$0] }
            seen = now
            if !changed.isEmpty || Monotonic.now >= deadline { return changed.sorted() }
            // A quarter of a second between looks, longer where one look takes long (a large
            // tree): the walk takes a tenth of the time at most.
            let pause = max(0.25, (Monotonic.now - start) * 10)
            Monotonic.sleep(min(pause, max(0.01, deadline - Monotonic.now)))
        }
    }

    private static func stamps(_ tree: WorkingDirectoryTree) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for path in (try? tree.files()) ?? [] {
            var info = stat()
            guard stat(tree.rootPath + "/" + path, &info) == 0 else { continue }
            #if os(Linux)
            let time = info.st_mtim
            #else
            let time = info.st_mtimespec
            #endif
            stamps[path] = Stamp(size: Int(info.st_size), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
        }
        return stamps
    }
}

#if os(Linux)
/// inotify: one watch per folder of the tree; a folder created later is watched as it appears.
public final class InotifyWatcher: FileWatcher {
    private let tree: WorkingDirectoryTree
    private let descriptor: Int32
    /// Watched folders by watch descriptor.
    private var folders: [Int32: String] = [:]

    private static let events = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF)

    /// nil when inotify cannot be used (no descriptor left, a kernel without it).
    public init?(_ tree: WorkingDirectoryTree) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        self.tree = tree
        _ = watch("")
    }

    deinit { close(descriptor) }

    /// Watches a folder and every folder in it that the walk reads; returns the files found
    /// in folders that were not watched before (a folder moved in brings its files).
    private func watch(_ relative: String, depth: Int = 0) -> [String] {
        guard depth <= InputLimits.maximumDirectoryDepth else { return [] }
        let absolute = relative.isEmpty ? tree.rootPath : tree.rootPath + "/" + relative
        let handle = inotify_add_watch(descriptor, absolute, Self.events)
        if handle >= 0 { folders[handle] = relative }
        guard let directory = opendir(absolute) else { return [] }
        defer { closedir(directory) }
        var files: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
            if name == "." || name == ".." { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
                if !tree.filter.skipsDirectory(path, name: name) { files += watch(path, depth: depth + 1) }
            } else if !tree.filter.skipsFile(path) {
                files.append(path)
            }
        }
        return files
    }

    public func changes(timeout: Double) -> [String] {
        var changed: Set<String> = []
        let start = Monotonic.now
        var waitFor = timeout
        while true {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(max(0, waitFor) * 1000))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { break }
            read(into: &changed)
            // Once something changed, wait only for the burst to settle; a caller that does
            // not wait (a server about to answer) takes what the kernel has queued.
            guard timeout > 0 else { break }
            waitFor = Monotonic.now - start > FileWatchers.longestBurst ? 0 : FileWatchers.settle
        }
        return changed.sorted()
    }

    /// Reads the pending events: the paths they name, and the watches of new folders.
    private func read(into changed: inout Set<String>) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (handle, mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let name = length == 0 ? "" : buffer.withUnsafeBytes { raw in
                    String(decoding: raw[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }, as: UTF8.self)
                }
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { changed.insert(FileWatchers.everything); continue }
                guard let folder = folders[handle] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 || mask & UInt32(IN_DELETE_SELF) != 0 { folders[handle] = nil; continue }
                let path = folder.isEmpty ? name : name.isEmpty ? folder : folder + "/" + name
                if mask & UInt32(IN_ISDIR) != 0 {
                    guard !tree.filter.skipsDirectory(path, name: name) else { continue }
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { changed.formUnion(watch(path)) }
                } else if tree.filter.skipsFile(path) {
                    continue
                }
                changed.insert(path)
            }
        }
    }
}
#endif

/// Seconds on a clock that only goes forward.
enum Monotonic {
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func sleep(_ seconds: Double) {
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&time, &remaining) != 0, errno == EINTR { time = remaining }
    }
}
