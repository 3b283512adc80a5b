#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StrataModel

/// A file of Strata's cache with its checksum: a header line `STRATA-CACHE <hash>` before
/// the bytes, checked on every read, so a file cut short (a full disk, a killed run) or
/// changed by hand is recomputed, never served. Written whole or not at all (`AtomicFile`).
public enum CacheFile {
    public enum Contents: Equatable, Sendable {
        /// No such file: nothing cached yet.
        case missing
        /// The file is there but its checksum does not hold: recompute it, and say so.
        case damaged
        case intact([UInt8])
    }

    static let magic = Array("STRATA-CACHE ".utf8)

    /// The note a damaged cache file gives (one per file).
    public static func damageNote(_ path: String) -> String { "\(path): cache entry damaged, recomputed" }

    public static func seal<Bytes: Collection>(_ payload: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        let bytes = Array(payload)
        return magic + Array((ContentHash(bytes).description + "\n").utf8) + bytes
    }

    /// The payload, or nil when the header or the checksum does not hold.
    public static func unseal(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.starts(with: magic), let newline = bytes[magic.count...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let payload = Array(bytes[(newline + 1)...])
        guard Array(bytes[magic.count..<newline]) == Array(ContentHash(payload).description.utf8) else { return nil }
        return payload
    }

    public static func read(_ path: String) -> Contents {
        // Not a file (a folder in the way): nothing cached; writing it will say why.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .missing }
        guard let handle = fopen(path, "rb") else { return .damaged }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, handle)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if ferror(handle) != 0 { return .damaged }
        return unseal(bytes).map(Contents.intact) ?? .damaged
    }

    /// Seals `payload` and writes it atomically, creating the cache folder when it is missing
    /// (a run may keep a result or layouts before any facts).
    public static func write<Bytes: Collection>(_ payload: Bytes, to path: String) throws(AtomicFile.Failure)
    where Bytes.Element == UInt8 {
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(seal(payload), to: path)
    }
}
