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
/// The file list and the contents come from the repository's `GitObjects`: one long-lived
/// `git cat-file --batch` process, shared by every tree of a session. Each file's blob id is
/// known before it is read, so a scanner that has seen that blob (in the other revision of a
/// diff, or in the cache) never reads it.
public final class GitRevisionTree: SourceTree, @unchecked Sendable {
    public let repository: GitRepository
    /// The full commit id.
    public let commit: String
    public let filter: PathFilter
    public let name: String
    private let entries: [String: String]
    private let paths: [String]
    /// The folders the listing left out (deeper than `InputLimits.maximumDirectoryDepth`).
    private let problems: [Diagnostic]
    private let reader: GitObjectReader
    private let prefetchLock = NSLock()
    private var prefetched: [String: Result<[UInt8], any Error>] = [:]

    /// - Parameter commit: a full commit id, as `GitRepository.resolve` returns it.
    /// - Parameter objects: the repository's objects, shared by the trees of one session (each
    ///   listing reuses the folders the last one listed); nil: a reader of this tree's own.
    public init(repository: GitRepository, commit: String, filter: PathFilter = PathFilter(), objects: GitObjects? = nil) throws {
        self.repository = repository
        self.commit = commit
        name = repository.name
        let objects = try objects ?? GitObjects(repository: repository)
        let (blobs, problems) = try objects.files(of: commit)
        self.problems = problems
        let filter = filter.keeping(Self.vendorFoldersWithBuildFiles(blobs.map(\.path)).contains)
        self.filter = filter
        var entries: [String: String] = [:], folders: [Substring: Bool] = [:]
        var paths: [String] = []
        for (path, object) in blobs where !filter.skips(path: path, folders: &folders) {
            entries[path] = object
            paths.append(path)
        }
        self.entries = entries
        self.paths = paths.sorted()
        reader = objects.reader
    }

    /// The `Pods` folders of a listing that hold a BUILD file, in themselves or in one of their
    /// folders (`PathFilter.bazelVendorFolder`).
    static func vendorFoldersWithBuildFiles(_ paths: [String]) -> Set<String> {
        var result: Set<String> = []
        for path in paths where BuildSystem.isBazelBuildFile(path) {
            let parts = path.split(separator: "/")
            for depth in [2, 3] where parts.count >= depth && parts[parts.count - depth] == PathFilter.bazelVendorFolder {
                result.insert(parts.prefix(parts.count - depth + 1).joined(separator: "/"))
            }
        }
        return result
    }

    private init(_ tree: GitRevisionTree, filter: PathFilter) {
        repository = tree.repository
        commit = tree.commit
        let filter = filter.keeping(Self.vendorFoldersWithBuildFiles(tree.paths).contains)
        self.filter = filter
        name = tree.name
        problems = tree.problems
        var folders: [Substring: Bool] = [:]
        paths = tree.paths.filter { !filter.skips(path: $0, folders: &folders) }
        entries = tree.entries.filter { !filter.skips(path: $0.key, folders: &folders) }
        reader = tree.reader
    }

    /// The same revision with more paths left out (a revision's own `strata.yml` excludes,
    /// known only once it is read), sharing the reading process.
    public func narrowed(by filter: PathFilter) -> any SourceTree {
        GitRevisionTree(self, filter: filter)
    }

    public func files() throws -> [String] { paths }

    public func walk() throws -> (files: [String], problems: [Diagnostic]) { (paths, problems) }

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

/// A repository's objects, read through one long-lived `git cat-file --batch` process: the
/// blobs of its trees' files, and the commits and trees their listings come from. A listing
/// keeps the folders it read, by path and tree id: the next commit's listing reads again only
/// the trees that changed (a commit that edits three files reads a dozen trees), where
/// `git ls-tree -r` would start a process and list every file again.
public final class GitObjects: @unchecked Sendable {
    let reader: GitObjectReader
    private let lock = NSLock()
    /// A folder's files, and its folders left out for their depth.
    typealias Listing = (files: [(path: String, object: String)], problems: [Diagnostic])
    /// The listing of each folder of the last commit listed, by the folder's path and tree id.
    private var listed: [String: Listing] = [:]

    public init(repository: GitRepository) throws {
        reader = try GitObjectReader(repository: repository)
    }

    /// The regular files of `commit` with their blob ids, in git's order: links (120000) and
    /// submodules (commits) are not files of this repository; folders deeper than
    /// `InputLimits.maximumDirectoryDepth` are left out and reported, as a walk of the disk
    /// does. A missing or damaged object is a `GitError` naming the commit.
    func files(of commit: String) throws -> Listing {
        lock.lock()
        defer { lock.unlock() }
        do {
            let header = try reader.read(commit, type: "commit", path: commit).prefix(5 + commit.count)
            guard header.starts(with: "tree ".utf8), header.count == 5 + commit.count else { throw GitError("not a commit") }
            var next: [String: Listing] = [:]
            let listing = try list(String(decoding: header.dropFirst(5), as: UTF8.self), folder: "", depth: 0, idBytes: commit.count / 2, into: &next)
            listed = next
            return listing
        } catch let error as SourceTreeError {
            throw GitError("\(commit.prefix(12)): \(error.reason)")
        } catch let error as GitError {
            throw GitError("\(commit.prefix(12)): \(error.description)")
        }
    }

    /// The files under one tree: the last listing's when it had this folder at this id.
    private func list(_ tree: String, folder: String, depth: Int, idBytes: Int, into next: inout [String: Listing]) throws -> Listing {
        guard depth <= InputLimits.maximumDirectoryDepth else {
            return ([], [Diagnostic(file: folder, message: "folder not read: deeper than \(InputLimits.maximumDirectoryDepth) levels")])
        }
        let key = folder + "\0" + tree
        if let known = listed[key] ?? next[key] {
            next[key] = known
            return known
        }
        // `<mode> SP <name> NUL <id as bytes>`, one after another.
        let bytes = try reader.read(tree, type: "tree", path: folder.isEmpty ? "/" : folder)
        var files: [(path: String, object: String)] = [], problems: [Diagnostic] = [], index = bytes.startIndex
        while index < bytes.endIndex {
            guard let space = bytes[index...].firstIndex(of: 32), let nul = bytes[space...].firstIndex(of: 0), nul + idBytes < bytes.endIndex
            else { throw GitError("tree \(tree) of \(folder.isEmpty ? "/" : folder) is damaged") }
            // The mode in octal, its type bits read as git reads them (old trees wrote `040000` or
            // `100664`, which `ls-tree` shows as a folder and `100644`).
            var mode = 0
            for digit in bytes[index..<space] {
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7"), mode < 1 << 20 else {
                    throw GitError("tree \(tree) of \(folder.isEmpty ? "/" : folder) is damaged")
                }
                mode = mode << 3 | Int(digit - UInt8(ascii: "0"))
            }
            let name = String(decoding: bytes[(space + 1)..<nul], as: UTF8.self)
            let id = Self.hex(bytes[(nul + 1)...(nul + idBytes)])
            let path = folder.isEmpty ? name : folder + "/" + name
            switch mode & 0o170000 {
            case 0o040000:
                let inner = try list(id, folder: path, depth: depth + 1, idBytes: idBytes, into: &next)
                files += inner.files
                problems += inner.problems
            case 0o100000: files.append((path, id))
            default: break  // a link (120000) or a submodule (160000)
            }
            index = nul + idBytes + 1
        }
        next[key] = (files, problems)
        return (files, problems)
    }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
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

    /// One object's contents: a blob, or the `type` asked for (a commit, a tree).
    func read(_ object: String, type: String = "blob", path: String) throws -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard Subprocess.writeAll(child.input, Array((object + "\n").utf8)) else {
            throw SourceTreeError(path: path, reason: "git cat-file stopped: \(String(cString: strerror(errno)))")
        }
        return try response(object, type: type, path: path)
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

    /// One answer: `<id> <type> <size>\n<bytes>\n`, or `<id> missing\n`. An object of another
    /// type is read past (the stream stays in step for the next answer) and is an error.
    private func response(_ object: String, type: String = "blob", path: String) throws -> [UInt8] {
        let header = String(decoding: try line(path: path), as: UTF8.self).split(separator: " ")
        guard header.count == 3, let size = Int(header[2]), size >= 0 else {
            throw SourceTreeError(path: path, reason: "object \(object) is missing from the repository")
        }
        guard header[1] == type else {
            _ = try take(size + 1, path: path)
            throw SourceTreeError(path: path, reason: "object \(object) is a \(header[1]), not a \(type)")
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
