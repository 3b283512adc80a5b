import ArgumentParser
import StrataModel

/// `strata rules`: every rule Strata checks, from the rule catalog.
struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the rules Strata checks, with their default severity and rationale.",
        discussion: "Set a rule's severity (error, warn, info, off) in strata.yml under `severity:`. Exit code 0."
    )

    func run() {
        for rule in RuleID.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
            let severity = rule.defaultSeverity.map(\.rawValue) ?? "off"
            print("\(rule.rawValue) (\(severity)): \(rule.title)")
            print("    \(rule.rationale)")
        }
    }
}
