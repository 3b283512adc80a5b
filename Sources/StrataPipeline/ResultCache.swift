import Foundation
import StrataModel
import StrataReport
import StrataSourceTree

/// A result kept between runs in one cache file: a line with the digest of everything it was
/// computed from (`Pipeline.inputDigest`), then its `strata.json` bytes, the whole sealed
/// with a checksum (`CacheFile`). A run whose inputs have that digest reads the result back
/// instead of assembling and analyzing the repository, and the report takes the bytes as its
/// JSON. The digest holds Strata's build, so another build (another format) never matches.
///
/// `analyze` keeps its last result (`…-result.json`, written through `PreparedReport.KnownJSON`
/// with the JSON it encodes for the report); `diff` keeps BASE's and HEAD's (`…-diff-base-result.json`,
/// `…-diff-head-result.json`).
struct ResultCache: Sendable {
    let file: String
    let digest: String

    var header: Data { Data((digest + "\n").utf8) }

    /// What a result file holds, read and decoded before this run's digest is known (so that
    /// the reading overlaps the scan), and matched against it by `read(_:tell:)`.
    enum Stored: Sendable {
        case missing
        /// Its checksum fails.
        case damaged
        /// Sealed intact: the digest it was kept under, its bytes, and the result they decode to
        /// (nil when they do not: damaged if the digest is this run's, else another build's).
        case intact(digest: String, json: Data, result: AnalysisResult?)

        /// - Parameter digest: the digest the result must be kept under, when it is known: the
        ///   bytes of another's are not decoded.
        static func load(_ file: String, expecting digest: String? = nil) -> Stored {
            let bytes: [UInt8]
            switch CacheFile.read(file) {
            case .missing: return .missing
            case .damaged: return .damaged
            case .intact(let payload): bytes = payload
            }
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return .damaged }
            let json = Data(bytes[(newline + 1)...]), kept = String(decoding: bytes[..<newline], as: UTF8.self)
            let wanted = digest.map { $0 == kept } ?? true
            return .intact(digest: kept, json: json, result: wanted ? try? JSONReporter.decode(json) : nil)
        }
    }

    /// The cached result of these inputs, with its bytes; nil when the file is missing or holds
    /// other inputs' result. A damaged file (its checksum fails, or the bytes do not decode) is
    /// one note through `tell`, and removed, so that a run that keeps no result does not note
    /// it again.
    /// - Parameter stored: the file as `Stored.load` read it, when it was read ahead.
    func read(_ stored: Stored? = nil, tell: (String) -> Void) -> (result: AnalysisResult, json: Data)? {
        switch stored ?? Stored.load(file, expecting: digest) {
        case .missing: return nil
        case .damaged: return damaged(tell)
        case .intact(let kept, let json, let result):
            guard kept == digest else { return nil }
            return result.map { ($0, json) } ?? damaged(tell)
        }
    }

    private func damaged(_ tell: (String) -> Void) -> (result: AnalysisResult, json: Data)? {
        tell("note: " + CacheFile.damageNote(file))
        unlink(file)
        return nil
    }

    /// Keeps `json` (the result's `strata.json` bytes) for the next run.
    func write(_ json: Data) throws(AtomicFile.Failure) {
        try CacheFile.write(header + json, to: file)
    }
}
