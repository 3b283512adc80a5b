import StrataModel

/// Runs every analysis over the assembled model and builds the result document.
public enum Analyzer {
    /// - Parameter rules: the layers, rules and severities of `strata.yml`; without them only
    ///   the rules that need no configuration report findings.
    ///   - injection: the team's own container calls and wrappers (`injection:` in `strata.yml`).
    ///   - accessControl: false leaves the access-control report empty unless `rules` make
    ///     findings of it (`strata history` stores none of it; it was 40% of each commit).
    public static func analyze(
        _ project: Project, rules: ArchitectureRules = ArchitectureRules(), injection: InjectionVocabulary = InjectionVocabulary(),
        accessControl: Bool = true
    ) -> AnalysisResult {
        let production = project.graph.subgraph { !$0.kind.isTest }
        let metrics = CouplingMetrics.compute(production)
        let cycles = Cycles.find(in: production)
        let implicit = DependencyFindings.implicit(modules: project.modules, edges: project.edges)
        let unused = DependencyFindings.unused(modules: project.modules, graph: project.graph)
        let internalNames = Set(project.modules.map(\.importName))
        // Each warning once, however many stages noticed the same thing.
        var seen = Set<Diagnostic>()
        let warnings = (project.diagnostics + LayerRules.unmatchedPatterns(project: project, rules: rules)).filter { seen.insert($0).inserted }
        let entries = project.modules.map { module in
            ModuleEntry(
                module: module, external: DependencyFindings.external(of: module, internalNames: internalNames),
                metrics: metrics[module.name])
        }
        let summary = Summary(
            modules: project.modules.count,
            files: project.modules.reduce(0) { $0 + $1.files },
            lines: project.modules.reduce(0) { $0 + $1.lines },
            internalEdges: project.edges.filter(\.imported).count,
            cycles: cycles.count, implicitDependencies: implicit.count, unusedDependencies: unused.count,
            warnings: warnings.count { !$0.isNote })
        var result = AnalysisResult(
            generator: "strata \(StrataVersion.current)", root: project.root, summary: summary,
            packages: project.packages, modules: entries, edges: project.edges, cycles: cycles,
            implicitDependencies: implicit, unusedDependencies: unused, warnings: warnings)
        let shape = BuildShape.analyze(production)
        result.linkage = LinkageImpact.analyze(modules: project.modules, edges: project.edges, shape: shape)
        result.buildShape = shape
        result.summary.duplicatedStaticModules = result.linkage.duplicatedStaticModules.count
        result.summary.criticalDuplicatedStaticModules = result.linkage.duplicatedStaticModules.filter(\.critical).count
        if accessControl || rules.severity(of: .unusedPublic) != nil || rules.severity(of: .openNotSubclassed) != nil {
            result.accessControl = AccessControl.analyze(project)
        }
        result.summary.publicDeclarations = result.accessControl.publicDeclarations
        result.summary.unusedPublic = result.accessControl.unusedPublic
        result.summary.openNotSubclassed = result.accessControl.openNotSubclassed
        result.injection = InjectionWiring.analyze(project, vocabulary: injection, rules: rules)
        result.summary.registrations = result.injection.registrations.count
        result.summary.resolutions = result.injection.resolutions.count
        result.summary.unregisteredResolutions = result.injection.unregistered.count
        result.summary.duplicateRegistrations = result.injection.duplicates.count
        result.summary.flaggedContainerEdges = result.injection.edges.count { !$0.breaks.isEmpty }
        result.findings = RuleFindings.all(
            project: project, metrics: metrics, cycles: cycles, implicit: implicit, unused: unused, rules: rules,
            accessControl: result.accessControl, injection: result.injection, linkage: result.linkage)
        let identities = Dictionary(project.modules.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
        result.findings = FindingFingerprint.assign(result.findings) { identities[$0] }
        let inline = InlineSuppressions.apply(result.findings, sources: project.sources.values.joined())
        result.findings = inline.kept
        result.suppressedFindings = inline.suppressed
        result.warnings = (result.warnings + inline.warnings).sorted()
        result.summary.warnings = result.warnings.count { !$0.isNote }
        result.summary.suppressed = inline.suppressed.count
        result.summary.findings = FindingCounts(result.findings)
        result.layering = layering(project, rules: rules)
        return result
    }

    /// Production modules by layer: strata.yml's layers, else the guess `strata init` makes.
    static func layering(_ project: Project, rules: ArchitectureRules) -> Layering {
        let configured = !rules.layers.isEmpty
        let layers = configured ? rules : LayerInference.infer(project)
        var members: [String: [String]] = [:]
        for module in project.modules where !module.kind.isTest {
            if let layer = layers.layer(of: module.name) { members[layer.name, default: []].append(module.name) }
        }
        return Layering(
            source: configured ? .configuration : .inferred,
            layers: layers.layers.map { Layering.Layer(name: $0.name, modules: (members[$0.name] ?? []).sorted()) })
    }
}
