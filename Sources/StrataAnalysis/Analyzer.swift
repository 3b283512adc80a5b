import StrataModel

/// Runs every analysis over the assembled model and builds the result document.
public enum Analyzer {
    public static func analyze(_ project: Project) -> AnalysisResult {
        let production = Set(project.modules.filter { !$0.kind.isTest }.map(\.name))
        let productionEdges = project.edges.filter { production.contains($0.from) && production.contains($0.to) }
        let metrics = CouplingMetrics.compute(modules: project.modules, edges: productionEdges)
        let cycles = Cycles.find(edges: productionEdges)
        let implicit = DependencyFindings.implicit(modules: project.modules, edges: project.edges)
        let unused = DependencyFindings.unused(modules: project.modules, edges: project.edges)
        let internalNames = Set(project.modules.map(\.importName))
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
            warnings: project.diagnostics.count)
        return AnalysisResult(
            generator: "strata \(StrataVersion.current)", root: project.root, summary: summary,
            packages: project.packages, modules: entries, edges: project.edges, cycles: cycles,
            implicitDependencies: implicit, unusedDependencies: unused, warnings: project.diagnostics)
    }
}
