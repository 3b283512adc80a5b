import Foundation
import StrataGraphviz
import StrataModel
import StrataReport
import StrataSourceTree

/// A result's report with what the cache keeps for it: the result's bytes (the report's JSON
/// is those bytes, and what is encoded here is kept for the next run) and the record of the
/// files written (`ReportManifest`), so that a run of the same inputs whose folder already
/// holds the report writes nothing. `analyze`'s report and the HEAD report `diff` writes
/// beside its own are written by this one sequence.
struct KeptReport: Sendable {
    /// Where the result is kept.
    var cache: ResultCache
    /// The result's `strata.json` bytes, when the run has them (read from the cache, or
    /// encoded to be kept there).
    var json: Data?
    /// The result was read from the cache (else analyzed by this run).
    var fromCache: Bool
    /// Where the record of the files written is kept.
    var manifest: String

    /// The report of `result` in `formats`, written into `output` unless the folder already
    /// holds it.
    /// - Parameters:
    ///   - kept: what the cache keeps for the result; nil without a cache.
    ///   - layouts: where the drawings' layouts are kept; `savesLayouts` says whether this
    ///     report saves them (else whoever shares them does).
    /// - Returns: the paths written (or already there), and what writing had to say.
    static func write(
        _ result: AnalysisResult, formats: [OutputFormat], to output: String, kept: KeptReport?, layouts: LayoutCache?,
        savesLayouts: Bool
    ) throws -> (written: [String], messages: [String]) {
        var messages: [String] = []
        let manifest = kept.map { ReportManifest(file: $0.manifest, digest: $0.cache.digest, formats: formats) }
        if let paths = manifest?.alreadyWritten(in: output, resultFromCache: kept?.fromCache == true, tell: { messages.append($0) }) {
            return (paths, messages)
        }
        let known = kept.map { kept in
            PreparedReport.KnownJSON(inputDigest: kept.cache.digest, bytes: kept.json) { json throws(AtomicFile.Failure) in
                try kept.cache.write(json)
            }
        }
        var prepared: PreparedReport?
        do {
            try ReportWriter.makeFolder(output)
            let report = PreparedReport.prepare(result, for: formats, layouts: layouts, savesLayouts: savesLayouts, known: known)
            prepared = report
            let outcome = try Pipeline.write(report, formats: formats, to: output, manifest: manifest)
            return (outcome.written, messages + outcome.messages)
        } catch var error as Pipeline.InputError {
            error.messages = messages + (prepared?.messages ?? [])
            throw error
        }
    }
}
