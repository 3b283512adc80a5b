import Foundation
import StrataModel
import StrataSourceTree

/// A result kept between runs in one cache file: a line with the digest of everything it was
/// computed from (`Pipeline.inputDigest`), then its `strata.json` bytes, the whole sealed
/// with a checksum (`CacheFile`). A run whose inputs have that digest reads the result back
/// instead of assembling and analyzing the repository, and the report takes the bytes as its
/// JSON. The digest holds Strata's build, so another build (another format) never matches.
///
/// `analyze` keeps its last result (`…-result.json`, written through `ReportDocument.KnownJSON`
/// with the JSON it encodes for the report); `diff` keeps BASE's and HEAD's (`…-diff-base-result.json`,
/// `…-diff-head-result.json`).
struct ResultCache: Sendable {
    let file: String
    let digest: String

    var header: Data { Data((digest + "\n").utf8) }

    /// The cached result of these inputs, with its bytes; nil when the file is missing or holds
    /// other inputs' result. A damaged file (its checksum fails, or the bytes do not decode) is
    /// one note through `tell`, and removed, so that a run that keeps no result does not note
    /// it again.
    func read(tell: (String) -> Void) -> (result: AnalysisResult, json: Data)? {
        let bytes: [UInt8]
        switch CacheFile.read(file) {
        case .missing: return nil
        case .damaged: return damaged(tell)
        case .intact(let payload): bytes = payload
        }
        let header = Array(header)
        guard bytes.starts(with: header) else { return nil }
        let json = Data(bytes[header.count...])
        guard let result = try? JSONDecoder().decode(AnalysisResult.self, from: json) else { return damaged(tell) }
        return (result, json)
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
