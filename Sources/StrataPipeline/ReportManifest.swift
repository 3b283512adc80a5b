#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StrataGraphviz
import StrataModel
import StrataReport
import StrataSourceTree

/// The one record of what a command last wrote into an output folder: the key of its
/// inputs and every file's path, length and content hash, the whole sealed with a checksum
/// (`CacheFile`). `analyze` keeps it in the cache (`…-report`; the key is the result's input
/// digest, the formats and the Graphviz library that drew it), `diff` too for the HEAD report
/// it writes beside its own (`…-diff-head-report`), and `history` in its output folder
/// (`.strata-history-stamp`; the key names the commits, formats and link base). A run of the
/// same key whose output folder already holds exactly those bytes, and no stale file of a
/// reporter beside them, has nothing to render or write.
///
/// Nothing is taken on trust: every file of the folder is read and hashed, and any difference
/// (a file missing, edited, or another's) renders and writes the whole report as usual. A
/// report whose writing gave a warning (a drawing left out, a cache not kept) is not
/// recorded, so the next run writes it again.
public struct ReportManifest: Sendable {
    let file: String
    let key: String
    /// Whether a file of the folder is one the command writes (a stale one is removed).
    let owns: @Sendable (String) -> Bool

    struct Entry: Equatable {
        var path: String
        var count: Int
        var hash: ContentHash
    }

    static let header = "strata-report 1\n"

    /// - Parameters:
    ///   - digest: the digest of the result's inputs (`Pipeline.inputDigest`).
    init(file: String, digest: String, formats: [OutputFormat]) {
        self.init(
            file: file, key: "\(digest) \(formats.map(\.rawValue).joined(separator: ",")) \(GraphvizLayout.libraryVersion)",
            owns: { path in formats.contains { $0.reporter.owns(path) } })
    }

    /// - Parameters:
    ///   - file: where the record is kept.
    ///   - key: what the files are written from, spelled so that other inputs never match.
    public init(file: String, key: String, owns: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.file = file
        self.key = key
        self.owns = owns
    }

    /// The paths of the report `output` already holds, when the result came from the cache
    /// and the folder holds exactly what was recorded for this key; nil when the report is to
    /// be written. The record is read either way: a damaged one is one note through `tell`.
    public func alreadyWritten(in output: String, resultFromCache: Bool = true, tell: (String) -> Void) -> [String]? {
        let recorded = entries(tell: tell)
        guard resultFromCache, let recorded else { return nil }
        return written(recorded, in: output)
    }

    /// The files recorded for this key; nil when there is no record of it. A damaged file is
    /// one note through `tell`.
    private func entries(tell: (String) -> Void) -> [Entry]? {
        let bytes: [UInt8]
        switch CacheFile.read(file) {
        case .missing: return nil
        case .damaged:
            tell("note: " + CacheFile.damageNote(file))
            return nil
        case .intact(let payload): bytes = payload
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, lines[0] + "\n" == Self.header, lines[1] == key, lines.last == "" else { return nil }
        var entries: [Entry] = []
        for line in lines.dropFirst(2).dropLast() {
            // "<32 hex> <length> <path>"
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let hash = ContentHash(hex: parts[0]), let count = Int(parts[1]), !parts[2].isEmpty else { return nil }
            entries.append(Entry(path: String(parts[2]), count: count, hash: hash))
        }
        return entries
    }

    /// The paths written, when `output` holds every recorded file (`entries`) with its bytes
    /// and no file a reporter owns (and would remove) beside them; nil otherwise.
    private func written(_ entries: [Entry], in output: String) -> [String]? {
        guard !entries.isEmpty else { return nil }
        let paths = Set(entries.map(\.path))
        var folders: Set<String> = []
        for entry in entries {
            guard Self.holds(output + "/" + entry.path, entry) else { return nil }
            if let slash = entry.path.lastIndex(of: "/") { folders.insert(String(entry.path[..<slash])) }
        }
        for folder in folders {
            let stale = ReportWriter.stale(in: output, folder: folder, paths: paths, owns: owns)
            guard stale.isEmpty else { return nil }
        }
        return entries.map { output + "/" + $0.path }
    }

    /// Whether `path` is a regular file of exactly the entry's bytes.
    private static func holds(_ path: String, _ entry: Entry) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == entry.count else { return false }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: entry.count)
        var offset = 0
        while offset < entry.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + offset, entry.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return ContentHash(bytes) == entry.hash
    }

    /// Removes the record: the report just written is not one to serve again.
    public func forget() {
        unlink(file)
    }

    /// Records the files of a report just written for this key (a path holding a line break
    /// cannot be recorded: nothing is).
    public func record(_ files: [ReportFile]) throws(AtomicFile.Failure) {
        guard !files.isEmpty, !files.contains(where: { $0.path.contains("\n") }) else { return }
        var text = Self.header + key + "\n"
        for file in files {
            let hash = file.bytes.withUnsafeBytes { ContentHash($0) }
            text += "\(hash.hex) \(file.bytes.count) \(file.path)\n"
        }
        try CacheFile.write(Array(text.utf8), to: file)
    }
}
