/// Known findings, recorded by fingerprint so a team with history can gate CI on new ones
/// only (`strata baseline`, `strata check --baseline`). No line numbers and no message text:
/// entries survive edits elsewhere and moved code.
public struct Baseline: Hashable, Sendable, Codable {
    public static let currentSchemaVersion = 1

    public struct Entry: Hashable, Sendable, Codable, Comparable {
        public var fingerprint: String
        public var rule: RuleID
        public var severity: Finding.Severity
        public var module: String

        public init(_ finding: Finding) {
            fingerprint = finding.fingerprint
            rule = finding.rule
            severity = finding.severity
            module = finding.module
        }

        public static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.fingerprint < rhs.fingerprint }
    }

    public var schemaVersion = Self.currentSchemaVersion
    public var findings: [Entry]

    public init(findings: [Finding]) {
        self.findings = Set(findings.map(Entry.init)).sorted()
    }

    /// Today's findings against the baseline.
    public struct Comparison: Sendable {
        /// Not in the baseline: what the check judges.
        public var new: [Finding]
        public var known: [Finding]
        /// Baseline entries that match nothing any more: the debt was paid.
        public var stale: [Entry]
    }

    public func compare(_ findings: [Finding]) -> Comparison {
        let recorded = Set(self.findings.map(\.fingerprint))
        let today = Set(findings.map(\.fingerprint))
        return Comparison(
            new: findings.filter { !recorded.contains($0.fingerprint) },
            known: findings.filter { recorded.contains($0.fingerprint) },
            stale: self.findings.filter { !today.contains($0.fingerprint) })
    }
}
