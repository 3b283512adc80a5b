import StrataModel

/// `@testable import` in a module that is not a test module: it builds only with testing
/// enabled (debug), so a release build fails, and it reaches into internals.
enum TestableImportRule: Rule {
    static let definition = RuleDefinition(
        id: .testableImport, title: "@testable import outside tests",
        rationale: "@testable import only builds with testing enabled (debug builds) and reaches into internal declarations; production code that uses it fails a release build. Make the needed API public or move the code to a test module.",
        defaultSeverity: .error,
        triggers: RuleExample(.library("Core", [], "struct Model {}"), .library("Feature", ["Core"], "@testable import Core")),
        passes: RuleExample(.library("Core", [], "struct Model {}"), .test("CoreTests", ["Core"], "@testable import Core")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .testableImport) else { return [] }
        var findings: [Finding] = []
        for module in context.project.modules where !module.kind.isTest {
            let sites = module.imports.filter { $0.attributes?.contains("@testable") == true }
            for (name, sites) in Dictionary(grouping: sites, by: \.module) {
                findings.append(Finding(
                    rule: .testableImport, severity: severity,
                    message: "\(module.name) uses @testable import \(name) outside a test module",
                    module: module.name, dependency: name, evidence: sites.map(\.evidence)))
            }
        }
        return findings
    }
}
