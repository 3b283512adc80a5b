import StrataModel

/// A duplicated static module (`LinkageImpact`) that holds shared state: the bug it causes (a
/// registration or a setting missing in one image) shows only at run time.
enum SharedStateDuplicatedRule: Rule {
    static let definition = RuleDefinition(
        id: .sharedStateDuplicated, title: "Shared state copied into several images",
        rationale: "A static module is linked into several images of one process (an app and its dynamic frameworks): each image gets its own copy of its globals, so a DI container or a shared instance exists several times and registrations made in one are missing in the others. Make the module dynamic, or link it into one image only.",
        defaultSeverity: .error,
        triggers: RuleExample(
            manifest: "    products: [.library(name: \"Feature\", type: .dynamic, targets: [\"Feature\"])],",
            .library("Core", [], "public final class Registry { public static let shared = Registry() }"),
            .library("Feature", ["Core"], "import Core\npublic func start() { _ = Registry.shared }"),
            .executable("App", ["Core", "Feature"], "import Core\nimport Feature\n_ = Registry.shared\nstart()")),
        passes: RuleExample(
            manifest: "    products: [.library(name: \"Feature\", type: .dynamic, targets: [\"Feature\"]), .library(name: \"Core\", type: .dynamic, targets: [\"Core\"])],",
            .library("Core", [], "public final class Registry { public static let shared = Registry() }"),
            .library("Feature", ["Core"], "import Core\npublic func start() { _ = Registry.shared }"),
            .executable("App", ["Core", "Feature"], "import Core\nimport Feature\n_ = Registry.shared\nstart()")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .sharedStateDuplicated) else { return [] }
        return context.linkage.duplicatedStaticModules.filter(\.critical).map { duplicate in
            Finding(
                rule: .sharedStateDuplicated, severity: severity,
                message: "\(duplicate.module) is linked statically into \(duplicate.images.joined(separator: ", ")) and \(duplicate.reason)",
                module: duplicate.module,
                evidence: duplicate.singletons.map(\.evidence) + (duplicate.evidence.map { [$0] } ?? []))
        }
    }
}
