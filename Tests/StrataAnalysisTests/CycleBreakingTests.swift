import StrataAnalysis
import StrataAssemble
import StrataModel
import Testing

@Suite struct CycleBreakingTests {
    /// A module of `Package.swift`, known by its target name.
    func id(_ name: String) -> ModuleID { ModuleID(manifest: "Package.swift", target: name) }

    /// An imported edge with `sites` import statements in `From/File.swift`.
    func edge(_ from: String, _ to: String, sites: Int = 1, declared: Bool = false) -> ImportEdge {
        ImportEdge(
            from: id(from), to: id(to), declared: declared, imported: true,
            evidence: (1...sites).map { Location(file: "\(from)/File.swift", line: $0) })
    }

    func names(_ cuts: [CycleCut]) -> [String] { cuts.map { "\($0.from.target)->\($0.to.target)" } }

    /// The cuts, modules named by their targets.
    func cuts(for edges: [ImportEdge]) -> [CycleCut] { CycleBreaking.cuts(for: edges) { $0.target } }

    @Test func cutsTheEdgeWithFewerImportSites() {
        let cuts = cuts(for: [edge("A", "B", sites: 3), edge("B", "A", sites: 1)])
        #expect(names(cuts) == ["B->A"])
        #expect(cuts[0].importSites == 1)
        #expect(cuts[0].evidence == [Location(file: "B/File.swift", line: 1)])
    }

    @Test func onATiePrefersTheUndeclaredEdgeThenTheName() {
        #expect(names(cuts(for: [edge("A", "B", declared: true), edge("B", "A")])) == ["B->A"])
        #expect(names(cuts(for: [edge("A", "B"), edge("B", "A")])) == ["A->B"])
    }

    @Test func twoLightEdgesCanBeCheaperThanOneHeavyEdge() {
        // A->B closes both cycles (A->B->A and A->B->C->A) but costs 4; B->A plus C->A cost 3.
        let cuts = cuts(for: [
            edge("A", "B", sites: 4), edge("B", "A", sites: 1), edge("B", "C", sites: 3), edge("C", "A", sites: 2),
        ])
        #expect(names(cuts) == ["B->A", "C->A"])
    }

    @Test func onEqualCostFewerEdgesWin() {
        let cuts = cuts(for: [
            edge("A", "B", sites: 3), edge("B", "A", sites: 1), edge("B", "C", sites: 3), edge("C", "A", sites: 2),
        ])
        #expect(names(cuts) == ["A->B"])
    }

    @Test func aLargeRingIsCutAtItsLightestEdge() {
        // 13 edges: beyond the exhaustive search, so the ordering heuristic answers.
        let ring = (0..<13).map { edge("M\($0)", "M\(($0 + 1) % 13)", sites: $0 == 5 ? 1 : 2) }
        #expect(names(cuts(for: ring)) == ["M5->M6"])
    }

    @Test func theHeuristicLeavesNoCycleAndCutsNothingItCouldKeep() {
        // Every ordered pair of five modules: 20 edges, weights varying.
        let modules = ["A", "B", "C", "D", "E"]
        var edges: [ImportEdge] = []
        for (i, from) in modules.enumerated() {
            for (j, to) in modules.enumerated() where i != j { edges.append(edge(from, to, sites: 1 + (i * 3 + j) % 4)) }
        }
        let cuts = cuts(for: edges)
        let cut = Set(names(cuts))
        let kept = edges.filter { !cut.contains("\($0.from.target)->\($0.to.target)") }
        #expect(acyclic(kept))
        for removed in edges where cut.contains("\(removed.from.target)->\(removed.to.target)") {
            #expect(!acyclic(kept + [removed]), "\(removed.from.target)->\(removed.to.target) could stay")
        }
        #expect(cuts.count == 10)  // a tournament on five nodes needs 10 cuts to become an order
    }

    @Test func theAnalysisAttachesCutsToEachCycle() {
        var modules: [DiscoveredModule] = []
        var facts: [String: FileFacts] = [:]
        let imports = ["Card": ["Account", "Account"], "Account": ["Card"]]
        for (index, name) in ["Account", "Card"].enumerated() {
            let file = "\(name)/File.swift"
            modules.append(DiscoveredModule(
                name: name, kind: .library, package: "P", path: name, manifest: Location(file: "Package.swift", line: index + 1),
                dependencies: [], sourceFiles: [file]))
            facts[file] = FileFacts(
                lines: 10, imports: imports[name]!.enumerated().map { ImportFact(module: $1, line: $0 + 1) }, declarations: [])
        }
        let project = Assembler.assemble(
            root: "P", discovery: Discovery(packages: [PackageInfo(name: "P", manifest: "Package.swift")], modules: modules, diagnostics: []),
            facts: facts, diagnostics: [])
        let cycle = Analyzer.analyze(project).cycles[0]
        #expect(cycle.cuts == [CycleCut(from: id("Account"), to: id("Card"), importSites: 1, declared: false, evidence: [Location(file: "Account/File.swift", line: 1)])])
    }

    /// Whether the edges form no cycle, by the module graph's own check.
    func acyclic(_ edges: [ImportEdge]) -> Bool {
        let names = Array(Set(edges.flatMap { [$0.from, $0.to] })).sorted()
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        return Digraph(count: names.count, edges: edges.map { Digraph.Pair(index[$0.from]!, index[$0.to]!) }).isAcyclic
    }
}
