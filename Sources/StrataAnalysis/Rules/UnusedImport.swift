import StrataModel

/// An import its file does not use (`ImportUsage`): a warning when the file names nothing the
/// module declares or extends, a note when it names only members another module it sees
/// declares too. Modules whose sources are not here are never claimed.
enum UnusedImportRule: Rule {
    static let definition = RuleDefinition(
        id: .unusedImport, title: "Import its file does not use",
        rationale: "The file imports a module it names nothing of: the import couples the file to the module for nothing, keeps the edge in the graph and slows incremental builds. Remove it (`strata fix unused-imports`).",
        defaultSeverity: .warn,
        triggers: RuleExample(
            .library("Core", [], "public struct Model {}"),
            .library("Feature", ["Core"], "import Core\npublic struct Screen { let model: Model }"),
            .library("Settings", ["Core"], "import Core\npublic struct Toggle {}")),
        passes: RuleExample(
            .library("Core", [], "public struct Model {}"),
            .library("Feature", ["Core"], "import Core\npublic struct Screen { let model: Model }")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .unusedImport) else { return [] }
        return context.imports.imports.map { graded in
            Finding(
                rule: .unusedImport, severity: graded.grade == .unused ? severity : .info,
                message: "\(graded.evidence.file) \(graded.explanation)",
                module: graded.module, dependency: graded.imported, evidence: [graded.evidence])
        }
    }
}
