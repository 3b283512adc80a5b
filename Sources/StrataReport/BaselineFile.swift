import Foundation
import StrataModel

/// `strata-baseline.json`: sorted, one entry per line, so a pull request that fixes a finding
/// shows as one deleted line.
public enum BaselineFile {
    public static let defaultName = "strata-baseline.json"

    public static func render(_ baseline: Baseline) throws -> Data {
        var lines = ["{", "  \"schemaVersion\": \(baseline.schemaVersion),", "  \"findings\": ["]
        for (index, entry) in baseline.findings.enumerated() {
            let json = String(decoding: try ReportJSON.compact(entry), as: UTF8.self)
            lines.append("    " + json + (index == baseline.findings.count - 1 ? "" : ","))
        }
        lines += ["  ]", "}", ""]
        return Data(lines.joined(separator: "\n").utf8)
    }

    public struct Invalid: Error, CustomStringConvertible {
        public var description: String
    }

    public static func read(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Invalid(description: "\(path): cannot be read")
        }
        do {
            let baseline = try JSONDecoder().decode(Baseline.self, from: data)
            guard baseline.schemaVersion == Baseline.currentSchemaVersion else {
                throw Invalid(description: "\(path): schemaVersion \(baseline.schemaVersion); this strata reads \(Baseline.currentSchemaVersion)")
            }
            return baseline
        } catch let error as Invalid {
            throw error
        } catch {
            throw Invalid(description: "\(path): not a strata baseline (\(error))")
        }
    }
}
