import Foundation
import StrataModel
import StrataPipeline
@testable import StrataAnalysis
import Testing

/// Each grade rule's example (`GradeRule.example`): a package in small where the rule decides
/// an import, analyzed; the import gets the rule's grade and explanation. The rules run in
/// order, so each example also shows that no earlier rule takes the import.
@Suite struct GradeRuleTests {
    @Test(arguments: GradeRules.all.indices)
    func eachRulesExampleIsGradedByIt(rule: Int) throws {
        let example = GradeRules.all[rule].example
        let repo = try TemporaryDirectory()
        for (path, text) in example.files { try repo.write(path, text) }
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let report = try #require(result.imports)
        let graded = report.imports.first { $0.evidence.description == example.site }
        if example.grade == .used {
            #expect(graded == nil, "\(GradeRules.all[rule])")
            let site = try #require(result.modules.flatMap(\.module.imports).first { $0.evidence.description == example.site })
            let names = result.moduleNames
            let edge = try #require(result.edges.first { names[$0.from] == "App" && names[$0.to] == site.module })
            #expect(edge.symbols?.map(\.name).sorted().joined(separator: ", ") == example.says)
        } else {
            let graded = try #require(graded, "\(GradeRules.all[rule]): \(report.imports)")
            #expect(graded.grade == example.grade, "\(GradeRules.all[rule])")
            #expect(graded.explanation.contains(example.says), "\(GradeRules.all[rule]): \(graded.explanation)")
        }
    }

    @Test func everyRuleHasItsOwnExample() {
        let sites = GradeRules.all.map { "\($0.example.files.sorted { $0.key < $1.key })" }
        #expect(Set(sites).count == GradeRules.all.count)
    }
}
