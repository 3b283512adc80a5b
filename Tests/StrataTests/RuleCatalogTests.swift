import Foundation
import StrataModel
import StrataPipeline
import Testing

/// Every rule's two examples from the catalog, analyzed end to end: the triggering one gives
/// exactly one finding of the rule, the other none, and neither gives a warning.
@Suite struct RuleCatalogTests {
    func findings(_ example: RuleExample) throws -> (rules: [RuleID], warnings: [String]) {
        let repo = try TemporaryDirectory()
        for file in example.files { try repo.write(file.path, file.text) }
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        return (result.findings.map(\.rule), result.warnings.map(\.message))
    }

    @Test(arguments: RuleID.allCases)
    func theTriggeringExampleGivesOneFindingAndTheOtherNone(rule: RuleID) throws {
        let definition = rule.definition
        #expect(definition.id == rule)
        let triggered = try findings(definition.triggers)
        #expect(triggered.rules.filter { $0 == rule }.count == 1, "\(rule) triggers: \(triggered.rules)")
        #expect(triggered.warnings.isEmpty)
        let passed = try findings(definition.passes)
        #expect(!passed.rules.contains(rule), "\(rule) passes: \(passed.rules)")
        #expect(passed.warnings.isEmpty)
    }

    @Test func everyRuleHasANameARationaleAndDistinctExamples() {
        for rule in RuleID.allCases {
            #expect(!rule.title.isEmpty && !rule.title.hasSuffix("."))
            #expect(rule.rationale.count > 60)
            #expect(rule.definition.triggers.files.map(\.text) != rule.definition.passes.files.map(\.text))
        }
    }
}
