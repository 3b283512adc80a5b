import ArgumentParser
import StrataAnalysis
import StrataModel

/// `strata rules`: every rule Strata checks, from the rule catalog.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules Strata checks, with their default severity and rationale.",
        discussion: """
            With a rule id, also prints a small repository that triggers the rule and one that \
            does not. Set a rule's severity (error, warn, info, off) in strata.yml under \
            `severity:`, or silence one import with `// strata:ignore RULE reason` on its line \
            or the line above. Exit codes: 0 listed, 2 unknown rule id.
            """
    )

    @Argument(help: "A rule id, e.g. layer-violation.")
    var rule: String?

    func validate() throws {
        if let rule, RuleID(rawValue: rule) == nil {
            throw ValidationError("unknown rule '\(rule)'; `strata rules` lists them")
        }
    }

    func run() {
        guard let rule = rule.flatMap(RuleID.init(rawValue:)) else {
            for rule in RuleID.allCases.sorted() { print(summary(rule)) }
            return
        }
        print(summary(rule))
        for (heading, example) in [("Triggers it", rule.definition.triggers), ("Does not trigger it", rule.definition.passes)] {
            print("\n\(heading):")
            for file in example.files {
                print("  \(file.path)")
                for line in file.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { print("    " + line) }
            }
        }
    }

    func summary(_ rule: RuleID) -> String {
        "\(rule) (\(rule.defaultSeverity?.rawValue ?? "off")): \(rule.title)\n    \(rule.rationale)"
    }
}
