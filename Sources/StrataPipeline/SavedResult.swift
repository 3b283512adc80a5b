import Foundation
import StrataModel
import StrataReport

/// A `strata.json` written earlier, read back: by `strata report` to render it again, and by
/// `strata diff` to compare two saved results.
extension Pipeline {
    /// The largest saved result read (a result of a very large repository is far smaller).
    static let maximumResultBytes = 1 << 30

    /// Reads a saved result. Its `schemaVersion` is checked before the rest is decoded, so a
    /// result of a newer Strata is named as such; a damaged or truncated one is one line that
    /// says where it stopped making sense.
    public static func loadResult(_ path: String) throws -> AnalysisResult {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw InputError(description: "\(path): cannot be read") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumResultBytes + 1) ?? Data()
        } catch {
            throw InputError(description: "\(path): cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= maximumResultBytes else { throw InputError(description: "\(path): larger than \(maximumResultBytes >> 20) MiB; not a strata.json result") }
        struct Versioned: Decodable { var schemaVersion: Int }
        let version: Int
        do {
            version = try JSONDecoder().decode(Versioned.self, from: data).schemaVersion
        } catch {
            throw InputError(description: "\(path): not a strata.json result (\(Self.decodingReason(error)))")
        }
        // Version 1 differs only by a key version 2 dropped, and 2 from 3 by how locations are
        // written: each reads as is (`ResultDocument`).
        guard (1...AnalysisResult.currentSchemaVersion).contains(version) else {
            throw InputError(description: "\(path): schemaVersion \(version), from a newer Strata; this one reads 1 to \(AnalysisResult.currentSchemaVersion)")
        }
        do {
            return try JSONReporter.decode(data)
        } catch {
            throw InputError(description: "\(path): a damaged strata.json result (\(Self.decodingReason(error)))")
        }
    }

    /// Every format asked for, from a saved result, into `output`: what `analyze` writes for
    /// the same result, byte for byte (the drawings laid out again).
    public static func render(savedResult path: String, formats: [OutputFormat], to output: String) throws -> (written: [String], messages: [String]) {
        let result = try loadResult(path)
        try ReportWriter.makeFolder(output)
        let report = PreparedReport.prepare(result, for: formats)
        return try write(report, formats: formats, to: output, manifest: nil)
    }

    /// A decoding error in one line: where, and what was wrong.
    static func decodingReason(_ error: any Error) -> String {
        func place(_ path: [any CodingKey]) -> String {
            let text = path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return text.isEmpty ? "" : " at " + String(text.drop { $0 == "." })
        }
        let line: String
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: line = "no \(key.stringValue)\(place(context.codingPath))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            line = context.debugDescription + place(context.codingPath)
        default: line = "\(error)"
        }
        return String(line.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(300))
    }
}
