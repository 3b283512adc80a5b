import Foundation
import StrataAnalysis
import StrataModel

/// Findings as SARIF 2.1.0, for GitHub code scanning and other SARIF viewers: every rule of
/// the catalog in `tool.driver.rules`, each finding a result at its first piece of evidence
/// (further evidence as related locations), with the finding's fingerprint as
/// `partialFingerprints` so a finding is tracked across commits. Paths are relative to the
/// repository root (`uriBaseId` `%SRCROOT%`).
public enum SARIFLog {
    public static let fileName = "strata.sarif"

    /// - Parameter suppressed: findings silenced by `// strata:ignore`, written as results with
    ///   an `inSource` suppression and its reason, which code scanning shows as dismissed.
    public static func render(_ findings: [Finding], suppressed: [Finding] = []) throws -> Data {
        let rules = RuleID.allCases.sorted { $0.rawValue < $1.rawValue }
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let log = Log(runs: [Run(
            tool: Tool(driver: Driver(rules: rules.map { rule in
                ReportingDescriptor(
                    id: rule.rawValue, name: rule.title,
                    shortDescription: Message(text: rule.title), fullDescription: Message(text: rule.rationale),
                    help: Message(text: rule.rationale),
                    defaultConfiguration: Configuration(level: level(rule.defaultSeverity), enabled: rule.defaultSeverity != nil))
            })),
            results: (findings + suppressed).map { finding in
                let locations = finding.evidence.map(location)
                return Result(
                    ruleId: finding.rule.rawValue, ruleIndex: index[finding.rule], level: level(finding.severity),
                    message: Message(text: finding.message),
                    locations: Array(locations.prefix(1)),
                    relatedLocations: locations.count > 1 ? Array(locations.dropFirst()) : nil,
                    partialFingerprints: ["strataFingerprint/v1": finding.fingerprint],
                    suppressions: finding.suppression.map { [Suppression(justification: $0)] })
            })])
        return try ReportJSON.document(log)
    }

    static func level(_ severity: Finding.Severity?) -> String {
        switch severity {
        case .error: "error"
        case .warn: "warning"
        case .info, nil: "note"
        }
    }

    static func location(_ location: Location) -> SARIFLocation {
        SARIFLocation(physicalLocation: PhysicalLocation(
            artifactLocation: ArtifactLocation(uri: uri(location.file), uriBaseId: "%SRCROOT%"),
            region: location.line.map { Region(startLine: $0) }))
    }

    /// A relative URI reference: path segments percent-encoded where RFC 3986 requires.
    static func uri(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            let unreserved = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || "-._~/!$'()*+,;=:@".unicodeScalars.contains(scalar)
            result += unreserved ? String(scalar) : String(format: "%%%02X", byte)
        }
        return result
    }

    struct Log: Encodable {
        var version = "2.1.0"
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case version, schema = "$schema", runs }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var originalUriBaseIds = ["%SRCROOT%": BaseDescription()]
        var columnKind = "unicodeCodePoints"
    }
    struct BaseDescription: Encodable {
        var description = Message(text: "The root of the analyzed repository.")
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name = "Strata"
        var version = StrataVersion.current
        var semanticVersion = StrataVersion.current
        var rules: [ReportingDescriptor]
    }
    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var defaultConfiguration: Configuration
    }
    struct Configuration: Encodable {
        var level: String
        var enabled: Bool
    }
    struct Message: Encodable { var text: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Message
        var locations: [SARIFLocation]
        var relatedLocations: [SARIFLocation]?
        var partialFingerprints: [String: String]
        var suppressions: [Suppression]?
    }
    struct Suppression: Encodable {
        var kind = "inSource"
        var justification: String
    }
    struct SARIFLocation: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }
    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String
    }
    struct Region: Encodable { var startLine: Int }
}
