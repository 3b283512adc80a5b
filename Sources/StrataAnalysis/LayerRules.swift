import StrataModel

/// What the rules of `layers:` and `rules:` in `strata.yml` share (`LayerViolationRule`,
/// `ForbiddenDependencyRule`, `ForbiddenImportRule`, and the container edges' check): whether a
/// dependency goes up the layers or a pattern matches, and the patterns that match nothing.
public enum LayerRules {
    /// A `layers:` pattern that matches no module of the repository: most likely a typo or a
    /// renamed module, which would otherwise make the layer's checks pass in silence.
    public static func unmatchedPatterns(project: Project, rules: ArchitectureRules) -> [Diagnostic] {
        let names = project.modules.map(\.name)
        return rules.layers.flatMap { layer in
            layer.modules.filter { pattern in !names.contains { pattern.matches($0) } }.map { pattern in
                Diagnostic(
                    file: "strata.yml", line: layer.line > 0 ? layer.line : nil,
                    message: "layer \(layer.name): `\(pattern)` matches no module; its rules check nothing")
            }
        }
    }

    /// Whether `from` (in layer `lower`) depending on `to` (in layer `higher`) goes up the
    /// layer order, with no `allowed` rule for the pair.
    static func goesUp(
        _ from: String, _ lower: ArchitectureRules.Layer, to: String, _ higher: ArchitectureRules.Layer,
        rules: ArchitectureRules
    ) -> Bool {
        guard let lowerRank = rules.rank(of: lower.name), let higherRank = rules.rank(of: higher.name) else { return false }
        return lowerRank < higherRank && !allowed(from, to, rules: rules)
    }

    /// Whether an `allowed` rule covers the pair.
    static func allowed(_ from: String, _ to: String, rules: ArchitectureRules) -> Bool {
        rules.rules.contains { $0.kind == .allowed && matches($0.from, from, rules: rules) && matches($0.to, to, rules: rules) }
    }

    /// A pattern matches a module by its name, or by the name of the layer the module is in.
    static func matches(_ patterns: [ModulePattern], _ module: String, rules: ArchitectureRules) -> Bool {
        let layer = rules.layer(of: module)?.name
        return patterns.contains { $0.matches(module) || (layer.map($0.matches) ?? false) }
    }

    /// The production modules by name.
    static func production(_ project: Project) -> [String: AssembledModule] {
        Dictionary(project.modules.filter { !$0.kind.isTest }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
