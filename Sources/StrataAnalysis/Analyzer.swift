import StrataModel

/// Runs every analysis over the assembled model and builds the result document.
public enum Analyzer {
    /// - Parameter rules: the layers, rules and severities of `strata.yml`; without them only
    ///   the rules that need no configuration report findings.
    ///   - injection: the team's own container calls and wrappers (`injection:` in `strata.yml`).
    ///   - extras: what the caller shows beyond the findings (`AnalysisExtras`); what it
    ///     leaves out is not computed unless a rule of `rules` reads it.
    ///   - buildSeconds: measured build seconds by module (`--build-times`) for the build shape
    ///     and the linkage's critical path; nil estimates both from lines.
    public static func analyze(
        _ project: Project, rules: ArchitectureRules = ArchitectureRules(), injection: InjectionVocabulary = InjectionVocabulary(),
        extras: AnalysisExtras = .all, buildSeconds: [String: Double]? = nil, workers: any Workers = SerialWorkers()
    ) -> AnalysisResult {
        var none: AnalysisMemo?
        return analyze(project, rules: rules, injection: injection, extras: extras, buildSeconds: buildSeconds, workers: workers, memo: &none)
    }

    /// The same, for a caller that analyzes again and again (a session, a history): `memo` is
    /// what the last analysis made that this one may take again, and is left what this one made.
    public static func analyze(
        _ project: Project, rules: ArchitectureRules, injection: InjectionVocabulary, extras: AnalysisExtras, buildSeconds: [String: Double]?,
        workers: any Workers, memo: inout AnalysisMemo?
    ) -> AnalysisResult {
        let last = memo
        let production = project.graph.subgraph { !$0.kind.isTest }
        let metrics = CouplingMetrics.compute(production)
        let cycles = Cycles.find(in: production)
        let implicit = DependencyFindings.implicit(modules: project.modules, edges: project.edges)
        let dependencies = DependencyFindings.classify(project.graph)
        let unused = dependencies.unused
        let internalNames = Set(project.modules.map(\.importName))
        // Each warning once, however many stages noticed the same thing.
        var seen = Set<Diagnostic>()
        let warnings = (project.diagnostics + LayerRules.unmatchedPatterns(project: project, rules: rules)).filter { seen.insert($0).inserted }
        let entries = workers.map(project.modules.count) { index in
            ModuleEntry(
                module: project.modules[index], external: DependencyFindings.external(of: project.modules[index], internalNames: internalNames),
                metrics: metrics[project.modules[index].name])
        }
        var result = AnalysisResult(
            generator: "strata \(StrataVersion.current)", root: project.root,
            summary: Summary(modules: 0, files: 0, lines: 0, internalEdges: 0, cycles: 0, implicitDependencies: 0, unusedDependencies: 0, warnings: 0),
            packages: project.packages, modules: entries, edges: project.edges, cycles: cycles,
            implicitDependencies: implicit, unusedDependencies: unused, warnings: warnings)
        let estimated = BuildShape.analyze(production)
        let measured = buildSeconds.map { BuildShape.analyze(production, seconds: $0) }
        result.linkage = LinkageImpact.analyze(project.graph, shape: estimated, measured: measured)
        result.buildShape = measured ?? estimated
        // Three reads of every file's facts, independent of each other: side by side.
        let access = extras.contains(.accessControl) || rules.severity(of: .unusedPublic) != nil || rules.severity(of: .openNotSubclassed) != nil
        let wanted = ImportUsage.Wanted(extras, rules: rules, implicit: implicit, edges: project.edges) { project.graph.name(of: $0) }
        let ((accessReport, (injectionReport, injectionMemo)), usage) = workers.both(
            {
                var injectionMemo = last?.injection
                let report = InjectionWiring.analyze(project, vocabulary: injection, rules: rules, memo: &injectionMemo)
                return (access ? AccessControl.analyze(project, workers: workers) : nil, (report, injectionMemo))
            },
            { ImportUsage.analyze(project, wanted: wanted, workers: workers, memo: last) })
        memo = usage.memo
        memo?.injection = injectionMemo
        if let accessReport { result.accessControl = accessReport }
        result.injection = injectionReport
        var imports = usage.report
        imports.needed = dependencies.needed
        for (index, symbols) in usage.symbols {
            result.edges[index].symbols = symbols.kept
            result.edges[index].moreSymbols = symbols.more > 0 ? symbols.more : nil
        }
        if extras.contains(.importGrades) { result.imports = imports }
        // The rules see the edges with the symbols behind them.
        var project = project
        project.edges = result.edges
        let findings = Rules.findings(RuleContext(
            project: project, rules: rules, metrics: metrics, cycles: cycles, implicit: implicit, unused: unused,
            accessControl: result.accessControl, injection: result.injection, linkage: result.linkage, imports: imports), workers: workers)
        let identities = Dictionary(project.modules.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
        let inline = InlineSuppressions.apply(
            FindingFingerprint.assign(findings) { identities[$0] }, sources: project.sources.values.joined())
        result.findings = inline.kept
        result.suppressedFindings = inline.suppressed
        result.warnings = (result.warnings + inline.warnings).sorted()
        result.layering = layering(project, rules: rules)
        result.summary = Summary(of: result)
        return result
    }

    /// A result analyzed without `AnalysisExtras.accessControl`, with the access-control report it left out.
    public static func addingAccessControl(to result: AnalysisResult, of project: Project, workers: any Workers = SerialWorkers()) -> AnalysisResult {
        guard result.accessControl == .empty else { return result }
        var result = result
        result.accessControl = AccessControl.analyze(project, workers: workers)
        result.summary = Summary(of: result)
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

extension Summary {
    /// The counts of a result: the one place the summary is made.
    public init(of result: AnalysisResult) {
        self.init(
            modules: result.modules.count, files: result.modules.reduce(0) { $0 + $1.module.files },
            lines: result.modules.reduce(0) { $0 + $1.module.lines }, internalEdges: result.edges.count(where: \.imported),
            cycles: result.cycles.count, implicitDependencies: result.implicitDependencies.count,
            unusedDependencies: result.unusedDependencies.count, warnings: result.warnings.count { !$0.isNote })
        duplicatedStaticModules = result.linkage.duplicatedStaticModules.count
        criticalDuplicatedStaticModules = result.linkage.duplicatedStaticModules.count(where: \.critical)
        publicDeclarations = result.accessControl.publicDeclarations
        unusedPublic = result.accessControl.unusedPublic
        openNotSubclassed = result.accessControl.openNotSubclassed
        registrations = result.injection.registrations.count
        resolutions = result.injection.resolutions.count
        unregisteredResolutions = result.injection.unregistered.count
        duplicateRegistrations = result.injection.duplicates.count
        flaggedContainerEdges = result.injection.edges.count { !$0.breaks.isEmpty }
        findings = FindingCounts(result.findings)
        suppressed = result.suppressedFindings.count
    }
}
