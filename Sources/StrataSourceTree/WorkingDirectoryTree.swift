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

    public init(rootPath: String, filter: PathFilter = PathFilter()) {
        var path = rootPath
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.rootPath = path
        self.filter = filter
    }

    public var name: String {
        let resolved = realpath(rootPath, nil).map { pointer -> String in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? rootPath
        return resolved.split(separator: "/").last.map(String.init) ?? resolved
    }

    /// Whether the root exists and is a directory.
    public var isDirectory: Bool {
        var info = stat()
        return stat(rootPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    public func files() throws -> [String] {
        guard isDirectory else { throw SourceTreeError(path: rootPath, reason: "not a directory") }
        var result: [String] = []
        walk(relative: "", into: &result)
        result.sort()
        return result
    }

    /// Walks with `readdir` and never follows symbolic links to directories, so link loops
    /// cannot trap it.
    private func walk(relative: String, into result: inout [String]) {
        let absolute = relative.isEmpty ? rootPath : rootPath + "/" + relative
        guard let dir = opendir(absolute) else { return }
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
                if !filter.skipsDirectory(path, name: name) { walk(relative: path, into: &result) }
            } else if type == Int32(DT_REG) || type == Int32(DT_LNK) {
                if !filter.skipsFile(path) { result.append(path) }
            }
        }
    }

    public func read(_ path: String) throws -> [UInt8] {
        let absolute = rootPath + "/" + path
        let fd = open(absolute, O_RDONLY)
        guard fd >= 0 else { throw SourceTreeError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SourceTreeError(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw SourceTreeError(path: path, reason: "is a directory") }
        // Sized from fstat and filled without zeroing first; a file that grows meanwhile
        // is read on in chunks.
        let expected = Int(info.st_size)
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
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
        if bytes.count == expected {
            // One stack byte tells whether the file grew; only then is a chunk buffer made.
            var probe: UInt8 = 0
            while true {
                let read = Glibc.read(fd, &probe, 1)
                if read < 0 && errno == EINTR { continue }
                if read <= 0 { return bytes }
                bytes.append(probe)
                break
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let read = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
                if read < 0 && errno == EINTR { continue }
                if read <= 0 { break }
                bytes += chunk[0..<read]
            }
        }
        return bytes
    }
}
