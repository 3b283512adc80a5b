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

    /// The schemas spell the rule ids as enums (a finding's rule, the page's rule list): each
    /// one is exactly `RuleID`, so a new rule cannot be left out of them.
    @Test func theSchemasRuleEnumsAreRuleID() throws {
        let ids = Set(RuleID.allCases.map(\.rawValue))
        var enums: [(file: String, values: Set<String>)] = []
        func walk(_ value: Any, file: String) {
            if let object = value as? [String: Any] {
                if let values = object["enum"] as? [String], values.contains(RuleID.layerViolation.rawValue) { enums.append((file, Set(values))) }
                for child in object.values { walk(child, file: file) }
            } else if let array = value as? [Any] {
                for child in array { walk(child, file: file) }
            }
        }
        for file in ["strata.schema.json", "page-data.schema.json"] {
            let data = try #require(FileManager.default.contents(atPath: repositoryRoot + "/docs/schema/" + file))
            walk(try JSONSerialization.jsonObject(with: data), file: file)
        }
        // A finding's and a suppressed finding's rule; the page's rules and the rules listed apart.
        #expect(enums.map(\.file).sorted() == ["page-data.schema.json", "page-data.schema.json", "strata.schema.json", "strata.schema.json"])
        for (file, values) in enums {
            #expect(values == ids, "\(file): missing \(ids.subtracting(values).sorted()), unknown \(values.subtracting(ids).sorted())")
        }
    }
}
