import StrataModel

/// From classified file changes to the affected modules: the modules the changes touch, and
/// everything that depends on them (imports and declared dependencies, tests included), each
/// with the shortest chain to a touched module.
public enum ChangeImpact {
    /// - Parameters:
    ///   - graph: HEAD's module graph (`Project.graph`), tests included.
    ///   - changes: every changed file, each with the modules it touches itself.
    ///   - everything: set when one change makes every module affected; modules no chain
    ///     reaches carry it as their cause.
    public static func affected(
        graph: ModuleGraph, changes: [FileChange], base: String?, head: String, everything: String? = nil
    ) -> AffectedModules {
        let changes = changes.sorted()
        var touching: [String: [FileChange]] = [:]
        for change in changes { for module in change.modules where graph.node(named: module) != nil { touching[module, default: []].append(change) } }
        let via = graph.dependencyGraph.breadthFirst(from: graph.nodes(named: touching.keys).map(\.index), backward: true)
        var affected: [AffectedModule] = []
        for (position, entry) in graph.modules.enumerated() {
            let module = entry.module, name = module.name
            let chain: [String], cause: String
            if via[position] != nil {
                let full = Digraph.chain(from: position, via: via).map { graph.name(.init($0)) }
                cause = describe(touching[full[full.count - 1]] ?? [])
                chain = elided(full)
            } else if let everything {
                chain = [name]
                cause = everything
            } else {
                continue
            }
            affected.append(AffectedModule(
                name: name, id: module.id, kind: module.kind, target: target(of: module), importName: module.importName,
                product: module.product, chain: chain, cause: cause))
        }
        let tests = graph.modules.map(\.module).filter { $0.kind.isTest }.map(\.name).sorted()
        return AffectedModules(
            base: base, head: head, changes: changes, modules: affected, allModules: graph.modules.count, allTests: tests,
            everything: everything)
    }

    /// Chains longer than this keep their ends: every module of a long chain listing the whole
    /// chain would make the answer quadratic in its length.
    public static let longestChain = 64

    /// The chain, or its first and last modules around `… N more …`.
    static func elided(_ chain: [String]) -> [String] {
        guard chain.count > longestChain else { return chain }
        let kept = longestChain / 2
        return Array(chain.prefix(kept)) + ["… \(chain.count - 2 * kept + 1) more …"] + Array(chain.suffix(kept - 1))
    }

    /// `Sources/A/B.swift changed`, `… and 2 more files`, or a change's own note.
    static func describe(_ changes: [FileChange]) -> String {
        guard let first = changes.first else { return "changed" }
        let text = first.note.map { "\(first.path): \($0)" } ?? "\(first.path) \(first.status.verb)"
        return changes.count == 1 ? text : "\(text) and \(changes.count - 1) more file\(changes.count == 2 ? "" : "s")"
    }

    /// The target's name in its manifest.
    static func target(of module: AssembledModule) -> String {
        module.id.target.isEmpty ? RepositoryPath.name(of: module.name) : module.id.target
    }
}
