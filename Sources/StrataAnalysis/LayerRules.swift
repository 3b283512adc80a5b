import StrataModel

/// The checks of `layers:` and `rules:` in `strata.yml`: a module depending on a higher layer,
/// a dependency a `forbidden` rule names, and an import a layer forbids.
///
/// Test modules are left out: importing the code under test is their job, wherever it lives.
public enum LayerRules {
    /// All three families, sorted.
    public static func findings(project: Project, rules: ArchitectureRules) -> [Finding] {
        (layerViolations(project: project, rules: rules) + forbiddenDependencies(project: project, rules: rules)
            + forbiddenImports(project: project, rules: rules)).sorted()
    }

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

    /// A module whose layer comes before (is lower than) the layer of a module it depends on.
    /// Layers are listed lowest first; an `allowed` rule for the pair makes it legal.
    public static func layerViolations(project: Project, rules: ArchitectureRules) -> [Finding] {
        guard let severity = rules.severity(of: .layerViolation), !rules.layers.isEmpty else { return [] }
        let modules = production(project)
        // Each module's layer once, not once per edge: a layer lookup matches every pattern.
        let layerOf = modules.mapValues { rules.layer(of: $0.name) }
        var findings: [Finding] = []
        for edge in project.edges where edge.from != edge.to {
            guard let lower = layerOf[edge.from] ?? nil, let higher = layerOf[edge.to] ?? nil,
                goesUp(edge.from, lower, to: edge.to, higher, rules: rules)
            else { continue }
            let how = edge.imported ? "imports" : "declares a dependency on"
            findings.append(Finding(
                rule: .layerViolation, severity: severity,
                message: "\(edge.from) (layer \(lower.name)) \(how) \(edge.to) (layer \(higher.name)), a higher layer",
                module: edge.from, dependency: edge.to, evidence: EdgeEvidence.locations(of: edge, modules: modules)))
        }
        return findings.sorted()
    }

    /// A dependency matched by a `forbidden` rule: an internal edge, or an import of an
    /// external module whose name the rule's `to` matches.
    public static func forbiddenDependencies(project: Project, rules: ArchitectureRules) -> [Finding] {
        let forbidden = rules.rules.filter { $0.kind == .forbidden }
        guard !forbidden.isEmpty else { return [] }
        let modules = production(project)
        let internalNames = Set(project.modules.map(\.importName))
        var findings: [Finding] = []
        for rule in forbidden {
            guard let severity = rule.severity ?? rules.severity(of: .forbiddenDependency) else { continue }
            let why = rule.reason.map { ": \($0)" } ?? ""
            for edge in project.edges where edge.from != edge.to && modules[edge.from] != nil && modules[edge.to] != nil {
                guard matches(rule.from, edge.from, rules: rules), matches(rule.to, edge.to, rules: rules),
                    !allowed(edge.from, edge.to, rules: rules)
                else { continue }
                findings.append(Finding(
                    rule: .forbiddenDependency, severity: severity,
                    message: "\(edge.from) depends on \(edge.to), forbidden by the rule on line \(rule.line) of strata.yml\(why)",
                    module: edge.from, dependency: edge.to, evidence: EdgeEvidence.locations(of: edge, modules: modules)))
            }
            for module in modules.values.sorted(by: { $0.name < $1.name }) where matches(rule.from, module.name, rules: rules) {
                let sites = Dictionary(grouping: module.imports.filter { !internalNames.contains($0.module) }, by: \.module)
                for (name, sites) in sites.sorted(by: { $0.key < $1.key }) where rule.to.contains(where: { $0.matches(name) }) {
                    findings.append(Finding(
                        rule: .forbiddenDependency, severity: severity,
                        message: "\(module.name) imports \(name), forbidden by the rule on line \(rule.line) of strata.yml\(why)",
                        module: module.name, dependency: name, evidence: sites.map(\.evidence)))
                }
            }
        }
        return findings.sorted()
    }

    /// An import (of any module, by its import name) that the importing module's layer lists
    /// under `forbiddenImports`.
    public static func forbiddenImports(project: Project, rules: ArchitectureRules) -> [Finding] {
        guard let severity = rules.severity(of: .forbiddenImport), !rules.layers.isEmpty else { return [] }
        var findings: [Finding] = []
        for module in production(project).values.sorted(by: { $0.name < $1.name }) {
            guard let layer = rules.layer(of: module.name), !layer.forbiddenImports.isEmpty else { continue }
            let sites = Dictionary(grouping: module.imports.filter { $0.module != module.importName }, by: \.module)
            for (name, sites) in sites.sorted(by: { $0.key < $1.key }) where layer.forbiddenImports.contains(where: { $0.matches(name) }) {
                findings.append(Finding(
                    rule: .forbiddenImport, severity: severity,
                    message: "\(module.name) (layer \(layer.name)) imports \(name), which layer \(layer.name) forbids",
                    module: module.name, dependency: name, evidence: sites.map(\.evidence)))
            }
        }
        return findings.sorted()
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

    private static func production(_ project: Project) -> [String: AssembledModule] {
        Dictionary(project.modules.filter { !$0.kind.isTest }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
