import StrataModel

/// Compares two analyses of one repository: a pure function of the two results, so two
/// git revisions, a revision and the working directory, or two saved `strata.json` files
/// compare the same way.
public enum GraphComparison {
    public static func compare(base: AnalysisResult, head: AnalysisResult, baseLabel: String, headLabel: String,
        baseCommit: String? = nil, headCommit: String? = nil) -> GraphDiff
    {
        let matching = ModuleMatching(base: base.modules.map(\.module), head: head.modules.map(\.module))
        // Every BASE name translated to the HEAD name of the same module, so edges, findings and
        // DI items of a moved or renamed module compare equal.
        let rename = { (name: String) in matching.headName(forBase: name) ?? name }
        let baseNames = base.moduleNames, headNames = head.moduleNames
        let baseEntries = Dictionary(base.modules.map { ($0.module.name, $0) }, uniquingKeysWith: { a, _ in a })
        let headEntries = Dictionary(head.modules.map { ($0.module.name, $0) }, uniquingKeysWith: { a, _ in a })

        let (changed, linkage, metrics) = matchedModuleChanges(matching.pairs, base: baseEntries, head: headEntries)
        let edges = EdgeChanges(
            imports: compareEdges(
                base.edges.filter(\.imported), head.edges.filter(\.imported), names: (baseNames, headNames), rename: rename,
                base: \.evidence, head: \.evidence),
            declared: compareEdges(
                base.edges.filter(\.declared), head.edges.filter(\.declared), names: (baseNames, headNames), rename: rename,
                base: { declarationLines(of: $0, in: baseEntries, names: baseNames) },
                head: { declarationLines(of: $0, in: headEntries, names: headNames) }))
        let cycles = compareCycles(base.cycles, head.cycles, names: (baseNames, headNames), rename: rename)
        let findings = compareFindings(base, head, matching: matching)
        let injection = injectionChanges(base.injection, head.injection, names: (baseNames, headNames), rename: rename)

        let publicSurface = publicSurfaceChanges(base, head, rename: rename)
        let (launch, duplicated) = linkageChanges(base, head, rename: rename)

        let modules = ModuleChanges(
            added: matching.added.map(reference).sorted(), removed: matching.removed.map(reference).sorted(),
            moved: matching.moved.map { ModuleMove(base: reference($0.base), head: reference($0.head)) }.sorted(),
            changed: changed.sorted())
        let affected = affectedModules(
            seeds: Set(changed).union(matching.added.map(\.name)), in: ModuleGraph(modules: head.modules.map(\.module), edges: head.edges))

        let summary = summarize(modules: modules, edges: edges, cycles: cycles, findings: findings, affected: affected, launch: launch)
        var diff = GraphDiff(
            generator: "strata \(StrataVersion.current)",
            base: revision(base, label: baseLabel, commit: baseCommit), head: revision(head, label: headLabel, commit: headCommit),
            summary: summary, modules: modules, edges: edges, linkage: linkage.sorted(),
            metrics: metrics.sorted(), cycles: cycles, findings: findings, injection: injection, publicSurface: publicSurface,
            launch: launch, duplicatedStaticModules: duplicated, affected: affected)
        diff.buildShape = buildShapeChange(base: base, head: head, rename: rename)
        return diff
    }

    /// The modules of both revisions whose sources, declared dependencies or name changed (by
    /// their HEAD names), those whose linkage changed, and those whose metrics moved.
    private static func matchedModuleChanges(
        _ pairs: [(base: String, head: String)], base baseEntries: [String: ModuleEntry], head headEntries: [String: ModuleEntry]
    ) -> (changed: [String], linkage: [LinkageChange], metrics: [MetricDelta]) {
        var changed: [String] = []
        var linkage: [LinkageChange] = []
        var metrics: [MetricDelta] = []
        for (baseName, headName) in pairs {
            guard let old = baseEntries[baseName], let new = headEntries[headName] else { continue }
            let oldDeclared = Set(old.module.dependencies.map(DeclaredKey.init))
            let newDeclared = Set(new.module.dependencies.map(DeclaredKey.init))
            if old.module.sourceDigest != new.module.sourceDigest || oldDeclared != newDeclared || baseName != headName {
                changed.append(headName)
            }
            if old.module.linkage.kind != new.module.linkage.kind {
                linkage.append(LinkageChange(module: headName, base: old.module.linkage.kind, head: new.module.linkage))
            }
            let before = numbers(old), after = numbers(new)
            if before != after { metrics.append(MetricDelta(module: headName, base: before, head: after)) }
        }
        return (changed, linkage, metrics)
    }

    /// DI registrations, resolutions and container edges added and removed.
    private static func injectionChanges(
        _ base: InjectionReport, _ head: InjectionReport, names: (base: ModuleNames, head: ModuleNames), rename: (String) -> String
    ) -> InjectionChanges {
        let baseEdges = base.edges.map { InjectionEdgeChange($0, from: names.base[$0.from], to: names.base[$0.to]) }
        let headEdges = head.edges.map { InjectionEdgeChange($0, from: names.head[$0.from], to: names.head[$0.to]) }
        return InjectionChanges(
            registrations: changes(base.registrations, head.registrations) {
                [rename($0.module), $0.service, $0.name ?? "", $0.api, $0.implementation ?? ""]
            },
            resolutions: changes(base.resolutions, head.resolutions) {
                [rename($0.module), $0.service, $0.name ?? "", $0.api, $0.evidence.file]
            },
            edges: changes(baseEdges, headEdges) { [rename($0.from), rename($0.to)] })
    }

    /// The headline counts.
    private static func summarize(
        modules: ModuleChanges, edges: EdgeChanges, cycles: CycleChanges, findings: FindingChanges, affected: [String],
        launch: [LaunchChange]
    ) -> DiffSummary {
        var summary = DiffSummary()
        summary.modulesAdded = modules.added.count
        summary.modulesRemoved = modules.removed.count
        summary.modulesMoved = modules.moved.count
        summary.edgesAdded = edges.imports.added.count
        summary.edgesRemoved = edges.imports.removed.count
        summary.cyclesIntroduced = cycles.introduced.count
        summary.cyclesBroken = cycles.broken.count
        summary.newFindings = FindingCounts(findings.new)
        summary.fixedFindings = FindingCounts(findings.fixed)
        summary.unchangedFindings = findings.unchanged.count
        summary.affectedModules = affected.count
        summary.slowerLaunches = launch.count { $0.head > $0.base }
        return summary
    }

    /// The critical path and rebuild costs of both revisions (recomputed from lines for a
    /// saved result without them, or when the two were measured in different units).
    static func buildShapeChange(base: AnalysisResult, head: AnalysisResult, rename: (String) -> String) -> BuildShapeChange {
        var old = base.buildShape ?? BuildShape.analyze(modules: base.modules.map(\.module), edges: base.edges)
        var new = head.buildShape ?? BuildShape.analyze(modules: head.modules.map(\.module), edges: head.edges)
        if old.unit != new.unit {
            old = BuildShape.analyze(modules: base.modules.map(\.module), edges: base.edges)
            new = BuildShape.analyze(modules: head.modules.map(\.module), edges: head.edges)
        }
        let before = Dictionary(old.modules.map { (rename($0.module), $0.rebuildCost) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.modules.map { ($0.module, $0.rebuildCost) }, uniquingKeysWith: { first, _ in first })
        let costs = Set(before.keys).union(after.keys).compactMap { module -> BuildShapeChange.Cost? in
            let a = before[module] ?? 0, b = after[module] ?? 0
            return a == b ? nil : BuildShapeChange.Cost(module: module, base: a, head: b)
        }.sorted { abs($0.head - $0.base) != abs($1.head - $1.base) ? abs($0.head - $0.base) > abs($1.head - $1.base) : $0.module < $1.module }
        return BuildShapeChange(
            unit: new.unit, baseCriticalPath: old.criticalPath.map(rename), headCriticalPath: new.criticalPath,
            baseCriticalCost: old.criticalCost, headCriticalCost: new.criticalCost, baseMaximumWidth: old.maximumWidth,
            headMaximumWidth: new.maximumWidth, rebuildCosts: costs)
    }

    /// The manifest lines that declare an edge.
    private static func declarationLines(of edge: ImportEdge, in entries: [String: ModuleEntry], names: ModuleNames) -> [Location] {
        (entries[names[edge.from]]?.module.declarationLines(of: names[edge.to]) ?? []).sorted()
    }

    /// Modules whose public surface grew or shrank.
    private static func publicSurfaceChanges(_ base: AnalysisResult, _ head: AnalysisResult, rename: (String) -> String) -> [CountChange] {
        let oldSurface = Dictionary(base.accessControl.modules.map { (rename($0.module), $0.publicSurface) }, uniquingKeysWith: { a, _ in a })
        let newSurface = Dictionary(head.accessControl.modules.map { ($0.module, $0.publicSurface) }, uniquingKeysWith: { a, _ in a })
        return Set(oldSurface.keys).union(newSurface.keys).compactMap { module -> CountChange? in
            let before = oldSurface[module] ?? 0, after = newSurface[module] ?? 0
            return before == after ? nil : CountChange(module: module, base: before, head: after)
        }.sorted()
    }

    /// Apps whose frameworks loaded at launch changed, and static modules newly (or no
    /// longer) copied into several images.
    private static func linkageChanges(
        _ base: AnalysisResult, _ head: AnalysisResult, rename: (String) -> String
    ) -> (launch: [LaunchChange], duplicated: Changes<String>) {
        let oldLaunch = Dictionary(base.linkage.launchLoads.map { (rename($0.app), Set($0.frameworks.map(rename))) }, uniquingKeysWith: { a, _ in a })
        let newLaunch = Dictionary(head.linkage.launchLoads.map { ($0.app, Set($0.frameworks)) }, uniquingKeysWith: { a, _ in a })
        let launch = Set(oldLaunch.keys).union(newLaunch.keys).compactMap { app -> LaunchChange? in
            let before = oldLaunch[app] ?? [], after = newLaunch[app] ?? []
            guard before != after else { return nil }
            return LaunchChange(
                app: app, base: before.count, head: after.count,
                frameworks: Changes(added: after.subtracting(before).sorted(), removed: before.subtracting(after).sorted()))
        }.sorted()
        let oldDuplicated = Set(base.linkage.duplicatedStaticModules.map { rename($0.module) })
        let newDuplicated = Set(head.linkage.duplicatedStaticModules.map(\.module))
        return (launch, Changes(added: newDuplicated.subtracting(oldDuplicated).sorted(), removed: oldDuplicated.subtracting(newDuplicated).sorted()))
    }

    private static func revision(_ result: AnalysisResult, label: String, commit: String?) -> GraphDiff.Revision {
        GraphDiff.Revision(
            label: label, commit: commit, modules: result.modules.count, edges: result.edges.count { $0.imported },
            findings: result.summary.findings)
    }

    private static func reference(_ module: AssembledModule) -> ModuleReference {
        ModuleReference(name: module.name, id: module.id.description, kind: module.kind, path: module.path)
    }

    private static func numbers(_ entry: ModuleEntry) -> MetricDelta.Numbers {
        let metrics = entry.metrics
        return MetricDelta.Numbers(
            ce: metrics?.ce ?? 0, ca: metrics?.ca ?? 0, instability: metrics?.instability ?? 0,
            abstractness: metrics?.abstractness ?? 0, distance: metrics?.distance ?? 0,
            files: entry.module.files, lines: entry.module.lines)
    }

    /// Edges keyed by their ends (BASE ends renamed to HEAD's names), each with the evidence
    /// of the revision that has it.
    private static func compareEdges(
        _ base: [ImportEdge], _ head: [ImportEdge], names: (base: ModuleNames, head: ModuleNames), rename: (String) -> String,
        base baseEvidence: (ImportEdge) -> [Location], head evidence: (ImportEdge) -> [Location]
    ) -> Changes<EdgeChange> {
        struct Ends: Hashable { var from, to: String }
        let old = Dictionary(base.map { (Ends(from: rename(names.base[$0.from]), to: rename(names.base[$0.to])), $0) }, uniquingKeysWith: { a, _ in a })
        let new = Dictionary(head.map { (Ends(from: names.head[$0.from], to: names.head[$0.to]), $0) }, uniquingKeysWith: { a, _ in a })
        return Changes(
            added: new.filter { old[$0.key] == nil }.map { ends, edge in
                var change = EdgeChange(from: ends.from, to: ends.to, evidence: evidence(edge))
                change.symbols = edge.symbols
                change.moreSymbols = edge.moreSymbols
                return change
            }.sorted(),
            removed: old.filter { new[$0.key] == nil }.map { ends, edge in
                EdgeChange(from: ends.from, to: ends.to, evidence: baseEvidence(edge))
            }.sorted())
    }

    /// Cycles keyed by their set of modules.
    private static func compareCycles(
        _ base: [Cycle], _ head: [Cycle], names: (base: ModuleNames, head: ModuleNames), rename: (String) -> String
    ) -> CycleChanges {
        let old = Set(base.map { Set($0.modules.map(rename)) })
        let new = Set(head.map { Set($0.modules) })
        return CycleChanges(
            introduced: head.filter { !old.contains(Set($0.modules)) },
            broken: base.filter { !new.contains(Set($0.modules.map(rename))) }, names: names)
    }

    /// Findings keyed by fingerprint, BASE's recomputed with HEAD's identities for modules
    /// that moved.
    private static func compareFindings(_ base: AnalysisResult, _ head: AnalysisResult, matching: ModuleMatching) -> FindingChanges {
        let baseIDs = Dictionary(base.modules.map { ($0.module.name, matching.headID(forBase: $0.module.name) ?? $0.module.id) }, uniquingKeysWith: { a, _ in a })
        let rekeyed = FindingFingerprint.assign(base.findings) { baseIDs[$0] }
        let old = Set(rekeyed.map(\.fingerprint))
        let new = Set(head.findings.map(\.fingerprint))
        return FindingChanges(
            new: head.findings.filter { !old.contains($0.fingerprint) },
            fixed: zip(base.findings, rekeyed).filter { !new.contains($0.1.fingerprint) }.map(\.0),
            unchanged: head.findings.filter { old.contains($0.fingerprint) })
    }

    /// Items keyed by the parts that identify them (never a line), BASE's keyed after renaming.
    private static func changes<Item: Hashable & Sendable & Codable & Comparable>(
        _ base: [Item], _ head: [Item], key: (Item) -> [String]
    ) -> Changes<Item> {
        let old = Set(base.map(key)), new = Set(head.map(key))
        return Changes(added: head.filter { !old.contains(key($0)) }.sorted(), removed: base.filter { !new.contains(key($0)) }.sorted())
    }

    /// The seeds and every module that reaches one of them through HEAD's edges.
    static func affectedModules(seeds: Set<String>, in graph: ModuleGraph) -> [String] {
        graph.dependencyGraph.closure(from: graph.nodes(named: seeds).map(\.index), backward: true).map { graph.name(.init($0)) }
    }
}

/// A declared dependency as a diff compares it: its kind and what it names (not its line).
private struct DeclaredKey: Hashable {
    var kind: DependencyKind
    var name: String

    init(_ dependency: DeclaredDependency) {
        kind = dependency.kind
        name = dependency.name
    }
}

/// Pairs BASE's modules with HEAD's: by identity, then a module whose identity changed by its
/// target name and kind (its manifest moved), then by its folder (it was renamed). Only
/// one-to-one candidates pair; the rest are added or removed.
struct ModuleMatching {
    private(set) var pairs: [(base: String, head: String)] = []
    private(set) var moved: [(base: AssembledModule, head: AssembledModule)] = []
    private(set) var added: [AssembledModule] = []
    private(set) var removed: [AssembledModule] = []
    private var headByBase: [String: AssembledModule] = [:]

    init(base: [AssembledModule], head: [AssembledModule]) {
        let headByID = Dictionary(head.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var unmatchedBase: [AssembledModule] = []
        var matchedHead: Set<ModuleID> = []
        for module in base {
            if let twin = headByID[module.id] {
                headByBase[module.name] = twin
                matchedHead.insert(twin.id)
            } else {
                unmatchedBase.append(module)
            }
        }
        var unmatchedHead = head.filter { !matchedHead.contains($0.id) }
        struct Key: Hashable { var kind: ModuleKind, value: String }
        let byImportName = { (module: AssembledModule) in Key(kind: module.kind, value: module.importName) }
        let byFolder = { (module: AssembledModule) in Key(kind: module.kind, value: module.path) }
        for key in [byImportName, byFolder] {
            let oldGroups = Dictionary(grouping: unmatchedBase, by: key)
            let newGroups = Dictionary(grouping: unmatchedHead, by: key)
            var paired: Set<ModuleID> = []
            for (value, olds) in oldGroups {
                guard olds.count == 1, let news = newGroups[value], news.count == 1 else { continue }
                headByBase[olds[0].name] = news[0]
                moved.append((olds[0], news[0]))
                paired.insert(olds[0].id)
                paired.insert(news[0].id)
            }
            unmatchedBase.removeAll { paired.contains($0.id) }
            unmatchedHead.removeAll { paired.contains($0.id) }
        }
        removed = unmatchedBase
        added = unmatchedHead
        pairs = headByBase.map { ($0.key, $0.value.name) }.sorted { $0.head < $1.head }
    }

    func headName(forBase name: String) -> String? { headByBase[name]?.name }
    func headID(forBase name: String) -> ModuleID? { headByBase[name]?.id }
}
