#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file whole or not at all: the bytes go to a temporary file in the same folder,
/// which is renamed into place, so a killed run or a full disk never leaves half a report or
/// half a cache file. A failure says which file and why in words.
public enum AtomicFile {
    /// One file that could not be written: `path: cannot write: reason`.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): cannot write: \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public static func write<Bytes: Collection>(_ bytes: Bytes, to path: String) throws(Failure) where Bytes.Element == UInt8 {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o666)
        guard descriptor >= 0 else { throw Failure(path: path, reason: reason(errno, folder: true)) }
        let written = bytes.withContiguousStorageIfAvailable { FileDescriptor.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { FileDescriptor.writeAll(descriptor, $0) }
        let status = close(descriptor)
        if let failed = written ?? (status == 0 ? nil : errno) {
            unlink(temporary)
            throw Failure(path: path, reason: reason(failed, folder: false))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, reason: reason(code, folder: false))
        }
    }

    /// The reason of a failed call in the user's words. `folder`: the failure was creating a
    /// file in the folder (so a missing path is the folder's).
    public static func reason(_ code: Int32, folder: Bool) -> String {
        switch code {
        case EISDIR: "a directory is in the way"
        case ENOTDIR: "a file is in the way of its folder"
        case ENOENT: folder ? "its folder does not exist" : "no such file or directory"
        case EACCES, EPERM: "permission denied"
        case ENOSPC: "no space left on device"
        case EDQUOT: "disk quota exceeded"
        case EROFS: "read-only file system"
        case ENAMETOOLONG: "the name is too long"
        default: String(cString: strerror(code))
        }
    }
}
