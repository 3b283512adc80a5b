#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StrataModel

/// The files of one git revision, read from the object database: never from the work tree,
/// so it works on bare repositories and leaves a checkout untouched.
///
/// The file list comes from one `git ls-tree -r -z`; contents come from one long-lived
/// `git cat-file --batch` process shared by every read. Each file's blob id is known before
/// it is read, so a scanner that has seen that blob (in the other revision of a diff, or in
/// the cache) never reads it.
public final class GitRevisionTree: SourceTree, @unchecked Sendable {
    public let repository: GitRepository
    /// The full commit id.
    public let commit: String
    public let filter: PathFilter
    public let name: String
    private let entries: [String: String]
    private let paths: [String]
    private let reader: GitObjectReader
    private let prefetchLock = NSLock()
    private var prefetched: [String: Result<[UInt8], any Error>] = [:]

    /// - Parameter commit: a full commit id, as `GitRepository.resolve` returns it.
    public init(repository: GitRepository, commit: String, filter: PathFilter = PathFilter()) throws {
        self.repository = repository
        self.commit = commit
        self.filter = filter
        name = repository.name
        let listing = try repository.run(["ls-tree", "-r", "-z", "--full-tree", commit])
        var entries: [String: String] = [:]
        var paths: [String] = []
        // `<mode> SP <type> SP <object> TAB <path> NUL`; links (120000) and submodules
        // (commit) are not files of this repository, so only regular blobs are kept.
        for record in listing.split(separator: 0) {
            guard let tab = record.firstIndex(of: 9) else { continue }
            let header = record[record.startIndex..<tab].split(separator: 32)
            guard header.count == 3, header[1].elementsEqual("blob".utf8),
                header[0].elementsEqual("100644".utf8) || header[0].elementsEqual("100755".utf8)
            else { continue }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            guard !Self.isFiltered(path, by: filter) else { continue }
            entries[path] = String(decoding: header[2], as: UTF8.self)
            paths.append(path)
        }
        self.entries = entries
        self.paths = paths.sorted()
        reader = try GitObjectReader(repository: repository)
    }

    private init(_ tree: GitRevisionTree, filter: PathFilter) {
        repository = tree.repository
        commit = tree.commit
        self.filter = filter
        name = tree.name
        paths = tree.paths.filter { !Self.isFiltered($0, by: filter) }
        entries = tree.entries.filter { !Self.isFiltered($0.key, by: filter) }
        reader = tree.reader
    }

    /// The same revision with more paths left out (a revision's own `strata.yml` excludes,
    /// known only once it is read), sharing the reading process.
    public func narrowed(by filter: PathFilter) -> GitRevisionTree {
        GitRevisionTree(self, filter: filter)
    }

    /// Whether a path lies in an ignored or excluded folder, or is an excluded file: the
    /// same questions the working-directory walk asks, asked of every prefix.
    static func isFiltered(_ path: String, by filter: PathFilter) -> Bool {
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder = folder.isEmpty ? String(component) : folder + "/" + component
            if filter.skipsDirectory(folder, name: String(component)) { return true }
        }
        return filter.skipsFile(path)
    }

    public func files() throws -> [String] { paths }

    public func contentKey(_ path: String) -> String? { entries[path] }

    /// Reads the given files in one stream, ahead of `read`, which then takes them from memory.
    public func prefetch(_ paths: [String]) {
        let wanted = paths.compactMap { path in entries[path].map { (object: $0, path: path) } }
        guard wanted.count > 1 else { return }
        let results = reader.read(wanted)
        prefetchLock.lock()
        for (index, request) in wanted.enumerated() { prefetched[request.path] = results[index] }
        prefetchLock.unlock()
    }

    public func read(_ path: String) throws -> [UInt8] {
        prefetchLock.lock()
        let ready = prefetched.removeValue(forKey: path)
        prefetchLock.unlock()
        if let ready { return try ready.get() }
        guard let object = entries[path] else { throw SourceTreeError(path: path, reason: "not in \(String(commit.prefix(12)))") }
        return try reader.read(object, path: path)
    }
}

/// A git repository (a work tree's or a bare one), asked through the `git` command.
public struct GitRepository: Sendable {
    /// The folder given by the user.
    public let path: String
    /// The repository's folder name, without `.git`: what reports call it.
    public let name: String
    /// The root of the working directory; nil for a bare repository.
    public let workTree: String?

    /// Fails, with one line saying why, when `path` is not inside a git repository.
    public init(path: String) throws {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GitError("\(path): no such directory")
        }
        let probe = try Self.execute(["rev-parse", "--is-bare-repository"], in: path)
        guard probe.status == 0 else { throw GitError("\(path): not a git repository") }
        if String(decoding: probe.output, as: UTF8.self).hasPrefix("true") {
            workTree = nil
        } else {
            let top = try Self.execute(["rev-parse", "--show-toplevel"], in: path)
            let folder = String(decoding: top.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            workTree = top.status == 0 && !folder.isEmpty ? folder : nil
        }
        let folder = workTree ?? URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        var name = RepositoryPath.name(of: folder)
        if name.hasSuffix(".git"), name.count > 4 { name.removeLast(4) }
        self.name = name
    }

    /// The full commit id of a revision: anything `git rev-parse` takes (`main`, `HEAD~3`, a
    /// tag, a SHA), or `A...B` for the merge base of A and B.
    public func resolve(_ revision: String) throws -> String {
        if let range = revision.range(of: "..."), !revision.hasPrefix("-") {
            let left = String(revision[..<range.lowerBound]), right = String(revision[range.upperBound...])
            let a = try resolve(left.isEmpty ? "HEAD" : left), b = try resolve(right.isEmpty ? "HEAD" : right)
            let base = try Self.execute(["merge-base", a, b], in: path)
            guard base.status == 0 else {
                throw GitError("\(revision): \(left) and \(right) have no merge base" + shallowAdvice())
            }
            return String(decoding: base.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !revision.isEmpty, !revision.hasPrefix("-") else { throw GitError("'\(revision)' is not a revision") }
        let result = try Self.execute(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: path)
        guard result.status == 0 else {
            throw GitError("\(revision): unknown revision in \(name)" + shallowAdvice())
        }
        return String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The paths `git status` reports changed or untracked (not ignored): empty when the work
    /// tree is clean, so an edit can be reviewed and undone with git alone.
    public func uncommittedPaths() throws -> [String] {
        let output = String(decoding: try run(["status", "--porcelain", "-z"]), as: UTF8.self)
        return output.split(separator: "\0").compactMap { entry in entry.count > 3 ? String(entry.dropFirst(3)) : nil }
    }

    /// What to fetch when a revision may be missing because the clone is shallow.
    private func shallowAdvice() -> String {
        guard let shallow = try? Self.execute(["rev-parse", "--is-shallow-repository"], in: path),
            String(decoding: shallow.output, as: UTF8.self).hasPrefix("true")
        else { return "" }
        return " (this clone is shallow: fetch the history, e.g. `git fetch --unshallow`, or `fetch-depth: 0` in actions/checkout)"
    }

    /// Runs git and returns its standard output, or throws its first error line.
    func run(_ arguments: [String]) throws -> [UInt8] {
        let result = try Self.execute(arguments, in: path)
        guard result.status == 0 else {
            let message = String(decoding: result.error, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "failed"
            throw GitError("git \(arguments.first ?? ""): \(message)")
        }
        return result.output
    }

    static func execute(_ arguments: [String], in directory: String) throws -> (status: Int32, output: [UInt8], error: [UInt8]) {
        let child = try Subprocess(try gitExecutable(), ["git", "-C", directory] + arguments, environment: gitEnvironment(), input: false)
        // Both pipes drained at once so a large error output cannot block a large listing.
        final class Drained: @unchecked Sendable { var bytes: [UInt8] = [] }
        let errorBytes = Drained()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorBytes.bytes = Subprocess.readAll(child.error)
            group.leave()
        }
        let output = Subprocess.readAll(child.output)
        group.wait()
        return (child.wait(), output, errorBytes.bytes)
    }

    /// `git` from PATH.
    static func gitExecutable() throws -> String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/git"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw GitError("git not found in PATH; install git to compare revisions")
    }

    /// The user's environment without what would redirect git elsewhere (a `GIT_DIR` set by a
    /// hook) or make it ask for anything.
    static func gitEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"] { environment[key] = nil }
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        return environment
    }
}

/// A git problem the user must fix: one line, no stack of causes.
public struct GitError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// One `git cat-file --batch` process: object ids in, `<id> blob <size>\n<bytes>\n` out.
/// Reads are serialized; git answers each in microseconds.
final class GitObjectReader: @unchecked Sendable {
    private let child: Subprocess
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var position = 0

    init(repository: GitRepository) throws {
        // A git that dies must be an error on the next write, not a SIGPIPE that kills Strata.
        signal(SIGPIPE, SIG_IGN)
        child = try Subprocess(
            try GitRepository.gitExecutable(), ["git", "-C", repository.path, "cat-file", "--batch"],
            environment: GitRepository.gitEnvironment(), input: true)
        close(child.error)
    }

    deinit {
        close(child.input)
        _ = child.wait()
        close(child.output)
    }

    func read(_ object: String, path: String) throws -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard Subprocess.writeAll(child.input, Array((object + "\n").utf8)) else {
            throw SourceTreeError(path: path, reason: "git cat-file stopped: \(String(cString: strerror(errno)))")
        }
        return try response(object, path: path)
    }

    /// Many objects in one stream: every request is written (from another thread, so git's
    /// full output pipe cannot block the writer) while the answers are read in order.
    func read(_ objects: [(object: String, path: String)]) -> [Result<[UInt8], any Error>] {
        lock.lock()
        defer { lock.unlock() }
        let requests = objects.map(\.object).joined(separator: "\n") + "\n"
        let input = child.input
        let writer = DispatchGroup()
        DispatchQueue.global().async(group: writer) { _ = Subprocess.writeAll(input, Array(requests.utf8)) }
        var results: [Result<[UInt8], any Error>] = []
        results.reserveCapacity(objects.count)
        for (object, path) in objects {
            let result = Result { try response(object, path: path) }
            results.append(result)
            if case .failure(let error) = result, "\(error)".contains("ended early") { break }
        }
        writer.wait()
        while results.count < objects.count {
            results.append(.failure(SourceTreeError(path: objects[results.count].path, reason: "git cat-file ended early")))
        }
        return results
    }

    /// One answer: `<id> blob <size>\n<bytes>\n`, or `<id> missing\n`.
    private func response(_ object: String, path: String) throws -> [UInt8] {
        let header = String(decoding: try line(path: path), as: UTF8.self).split(separator: " ")
        guard header.count == 3, header[1] == "blob", let size = Int(header[2]) else {
            throw SourceTreeError(path: path, reason: "object \(object) is missing from the repository")
        }
        let bytes = try take(size, path: path)
        _ = try take(1, path: path)  // the newline after the contents
        return bytes
    }

    private func line(path: String) throws -> ArraySlice<UInt8> {
        while true {
            if let newline = buffer[position...].firstIndex(of: 10) {
                defer { position = newline + 1 }
                return buffer[position..<newline]
            }
            try fill(path: path)
        }
    }

    private func take(_ count: Int, path: String) throws -> [UInt8] {
        while buffer.count - position < count { try fill(path: path) }
        defer { position += count }
        return Array(buffer[position..<position + count])
    }

    private func fill(path: String) throws {
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var count: Int
        repeat {
            count = chunk.withUnsafeMutableBytes { Glibc.read(child.output, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        guard count > 0 else { throw SourceTreeError(path: path, reason: "git cat-file ended early") }
        buffer.append(contentsOf: chunk[0..<count])
    }
}
