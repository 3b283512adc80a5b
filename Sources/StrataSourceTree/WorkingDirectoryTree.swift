#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel

/// The files of a checked-out directory.
public struct WorkingDirectoryTree: SourceTree {
    /// The absolute or relative path of the root directory, as given.
    public let rootPath: String
    public let filter: PathFilter

    /// The root with every link resolved: a file whose links lead outside it is not read.
    private let resolvedRoot: String

    public init(rootPath: String, filter: PathFilter = PathFilter()) {
        var path = rootPath
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.rootPath = path
        self.filter = filter.keeping { [path] folder in Self.holdsBuildFiles(path + "/" + folder) }
        resolvedRoot = Self.resolve(path) ?? path
    }

    /// Whether a folder, or one of its folders, has a BUILD file (`PathFilter.bazelVendorFolder`).
    private static func holdsBuildFiles(_ absolute: String) -> Bool {
        func hasBuildFile(_ folder: String) -> Bool { BuildSystem.bazelBuildFileNames.contains { isFile(folder + "/" + $0) } }
        return hasBuildFile(absolute) || (entries(of: absolute) ?? []).contains { hasBuildFile(absolute + "/" + $0) }
    }

    /// The names in a folder, "." and ".." left out; nil when it cannot be listed.
    public static func entries(of folder: String) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether a path is a directory, links followed.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether a path is a regular file, links followed.
    public static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    public var workingDirectory: WorkingDirectoryTree? { self }
    public func narrowed(by filter: PathFilter) -> any SourceTree { WorkingDirectoryTree(rootPath: rootPath, filter: filter) }
    /// The root with every link resolved.
    public var resolvedRootPath: String { resolvedRoot }

    public var name: String {
        resolvedRoot.split(separator: "/").last.map(String.init) ?? resolvedRoot
    }

    /// A path with every link resolved; nil when it does not exist.
    public static func resolve(_ path: String) -> String? {
        realpath(path, nil).map { pointer -> String in
            defer { free(pointer) }
            return String(cString: pointer)
        }
    }

    /// Whether the root exists and is a directory.
    public var isDirectory: Bool { Self.isDirectory(rootPath) }

    public func files() throws -> [String] { try walk().files }

    public func walk() throws -> (files: [String], problems: [Diagnostic]) {
        guard isDirectory else { throw SourceTreeError(path: rootPath, reason: "not a directory") }
        var result: [String] = []
        var problems: [Diagnostic] = []
        walk(relative: "", depth: 0, into: &result, problems: &problems)
        result.sort()
        return (result, problems.sorted())
    }

    /// Walks with `readdir` and never follows symbolic links to directories, so link loops
    /// cannot trap it; at most `InputLimits.maximumDirectoryDepth` folders deep.
    private func walk(relative: String, depth: Int, into result: inout [String], problems: inout [Diagnostic]) {
        let absolute = relative.isEmpty ? rootPath : rootPath + "/" + relative
        guard depth <= InputLimits.maximumDirectoryDepth else {
            problems.append(Diagnostic(
                file: relative, message: "folder not read: deeper than \(InputLimits.maximumDirectoryDepth) levels"))
            return
        }
        guard let dir = opendir(absolute) else {
            problems.append(Diagnostic(file: relative.isEmpty ? "." : relative, message: "folder not read: \(String(cString: strerror(errno)))"))
            return
        }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                if lstat(rootPath + "/" + path, &info) == 0 {
                    type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
                }
            }
            if type == Int32(DT_DIR) {
                if !filter.skipsDirectory(path, name: name) { walk(relative: path, depth: depth + 1, into: &result, problems: &problems) }
            } else if type == Int32(DT_REG) || type == Int32(DT_LNK) {
                if !filter.skipsFile(path) { result.append(path) }
            }
        }
    }

    /// Reads regular files only (a FIFO would block, `/dev/zero` never ends), at most
    /// `InputLimits.maximumFileSize` bytes, and only inside the root: a link that leads out
    /// of the repository is not followed.
    public func read(_ path: String) throws -> [UInt8] {
        let absolute = rootPath + "/" + path
        try followLink(absolute, path: path)
        // Non-blocking, so that opening a FIFO returns at once; fstat then turns it away.
        let fd = open(absolute, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { throw SourceTreeError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let size = try Self.regularFileSize(fd, path: path)
        var bytes = try Self.readSized(fd, count: size, path: path)
        if bytes.count == size { try Self.readGrowth(fd, into: &bytes, path: path) }
        return bytes
    }

    /// Throws when `absolute` is a symbolic link that is broken or leads out of the root.
    private func followLink(_ absolute: String, path: String) throws {
        var link = stat()
        guard lstat(absolute, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else { return }
        guard let target = Self.resolve(absolute) else { throw SourceTreeError(path: path, reason: "a broken symbolic link") }
        guard target.hasPrefix(resolvedRoot == "/" ? "/" : resolvedRoot + "/") else {
            throw SourceTreeError(path: path, reason: "a symbolic link out of the repository (to \(target)); not followed")
        }
    }

    /// The size of the open file; throws unless it is a regular file of at most
    /// `InputLimits.maximumFileSize` bytes.
    private static func regularFileSize(_ fd: Int32, path: String) throws -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SourceTreeError(path: path, reason: String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw SourceTreeError(path: path, reason: "is a directory")
        case S_IFIFO: throw SourceTreeError(path: path, reason: "a FIFO, not a regular file; not read")
        default: throw SourceTreeError(path: path, reason: "a device or socket, not a regular file; not read")
        }
        let limit = InputLimits.maximumFileSize
        guard Int(info.st_size) <= limit else {
            throw SourceTreeError(path: path, reason: "larger than \(limit >> 20) MB (\(Int(info.st_size) >> 20) MB); not read")
        }
        return Int(info.st_size)
    }

    /// Up to `expected` bytes (fewer when the file shrank), in an array sized from fstat and
    /// filled without zeroing first.
    private static func readSized(_ fd: Int32, count expected: Int, path: String) throws -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            while count < expected {
                let read = Glibc.read(fd, buffer.baseAddress! + count, expected - count)
                if read < 0 && errno == EINTR { continue }
                if read < 0 { failure = errno; return }
                if read == 0 { return }
                count += read
            }
        }
        guard failure == 0 else { throw SourceTreeError(path: path, reason: String(cString: strerror(failure))) }
        return bytes
    }

    /// What a file that grew since fstat has past its size, read on in chunks up to the limit.
    private static func readGrowth(_ fd: Int32, into bytes: inout [UInt8], path: String) throws {
        // One stack byte tells whether the file grew; only then is a chunk buffer made.
        var probe: UInt8 = 0
        while true {
            let read = Glibc.read(fd, &probe, 1)
            if read < 0 && errno == EINTR { continue }
            if read <= 0 { return }
            bytes.append(probe)
            break
        }
        let limit = InputLimits.maximumFileSize
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= limit {
            let read = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if read < 0 && errno == EINTR { continue }
            if read <= 0 { break }
            bytes += chunk[0..<read]
        }
        guard bytes.count <= limit else {
            throw SourceTreeError(path: path, reason: "grew past \(limit >> 20) MB while read; not read")
        }
    }
}
