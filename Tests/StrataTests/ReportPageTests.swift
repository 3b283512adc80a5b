import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import StrataModel
import StrataPipeline
@testable import StrataReport
import Testing

/// The report's drawings and page data (issue 23): names only as labels, so no name breaks
/// a drawing or merges two nodes; the graph the page shows computed here, by index.
@Suite struct ReportPageTests {
    static let names = ["Base", "&foo;", "a&lt;b", "a\nb", "a b", "ctl\u{1}x", "nul\u{0}x", "del\u{7F}x"]

    /// Each name a target declaring the one before it (all but Base import Base).
    static func hostileGraph() throws -> (ModuleGraph, GraphMarks) {
        let repo = try TemporaryDirectory()
        func literal(_ name: String) -> String {
            "\"" + name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "\""
        }
        let targets = names.enumerated().map { index, name in
            let dependencies = index == 0 ? "" : "\"Base\"" + (index > 1 ? ", " + literal(names[index - 1]) : "")
            return ".target(name: \(literal(name)), dependencies: [\(dependencies)], path: \"T\(index)\")"
        }
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Hostile", targets: [
            \(targets.joined(separator: ",\n"))
            ])
            """)
        for index in names.indices { try repo.write("T\(index)/A.swift", index == 0 ? "public struct A {}\n" : "import Base\n") }
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let graph = ModuleGraph(result)
        return (graph, GraphMarks(result, graph: graph))
    }

    @Test func namesAreLabelsSoNoNameBreaksTheSVGOrMergesTwoNodes() throws {
        let (graph, marks) = try Self.hostileGraph()
        #expect(Set(graph.modules.map(\.module.name)) == Set(Self.names))
        let drawing = GraphDrawing.full(graph, marks: marks)
        // Defect 2: "a⏎b" and "a b" were one DOT node ("a b"): now each module is m<index>.
        let ids = drawing.dot.matches(of: #/\n\s*(m\d+) \[id=/#).map { String($0.output.1) }
        #expect(ids.count == Self.names.count && Set(ids).count == ids.count)
        #expect(DOT.label("a\nb") == "\"a\u{240A}b\"" && DOT.label("a b") == "\"a b\"")
        #expect(DOT.label("x&y\"\\\u{0}") == "\"x&amp;y\\\"\\\\\u{2400}\"")
        // Defect 1: an entity, a control character or NUL in a name broke the SVG.
        let svg = try drawing.svg()
        #expect(svg.components(separatedBy: "class=\"node module").count - 1 == Self.names.count)
        #expect(svg.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        for text in [">&amp;foo;</text>", ">a&amp;lt;b</text>", ">a\u{240A}b</text>", ">a b</text>", ">ctl\u{2401}x</text>", ">nul\u{2400}x</text>", ">del\u{2421}x</text>"] {
            #expect(svg.contains(text), "\(text)")
        }
        #expect(!svg.contains("&foo;<") && !svg.contains(">&foo;"))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "the SVG is well-formed XML: \(String(describing: parser.parserError))")
        // Edges carry their ends' indices.
        for pair in graph.pairs { #expect(svg.contains("class=\"edge dependency f\(pair.from) t\(pair.to)")) }
    }

    /// A dense drawing of the report leaves out the edges a longer path implies, and says how
    /// many; the focus keeps every edge. 25 modules each depending on every module below it:
    /// 300 edges; around the top one, its 24 and the chain below it (23) are drawn.
    /// 25 modules each depending on every module below it; `cycle`: M1 depends on M2 too.
    static func denseGraph(cycle: Bool = false) throws -> (ModuleGraph, GraphMarks) {
        let repo = try TemporaryDirectory()
        let names = (0..<25).map { "M\($0)" }
        let targets = names.indices.map { index in
            let below = names[..<index] + (cycle && index == 1 ? ["M2"] : [])
            return ".target(name: \"M\(index)\", dependencies: [\(below.map { "\"\($0)\"" }.joined(separator: ", "))])"
        }
        try repo.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Dense\", targets: [\n\(targets.joined(separator: ",\n"))\n])\n")
        for index in names.indices {
            let below = names[..<index] + (cycle && index == 1 ? ["M2"] : [])
            try repo.write("Sources/M\(index)/A.swift", below.map { "import \($0)\n" }.joined() + "public struct T\(index) {}\n")
        }
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let graph = ModuleGraph(result)
        return (graph, GraphMarks(result, graph: graph))
    }

    /// Edges of a cycle stay, and so does every edge touching it; an opened group is thinned too.
    @Test func aDenseDrawingKeepsCyclesAndThinsAnOpenedGroup() throws {
        let (graph, marks) = try Self.denseGraph(cycle: true)
        let (one, two) = try (#require(graph.node(named: "M1")), #require(graph.node(named: "M2")))
        var drawing = GraphDrawing.neighbourhood(graph, marks: marks, focus: [try #require(graph.node(named: "M24"))], depth: 1)
        drawing.leavesOutImpliedEdges = true
        let dot = drawing.dot
        #expect(dot.contains("id=\"e\(one)-\(two)\"") && dot.contains("id=\"e\(two)-\(one)\"") && dot.contains("not drawn"))
        #expect(dot.contains("id=\"e\(try #require(graph.node(named: "M3")))-\(one)\""), "an edge into the cycle stays")
        let groups = graph.groups(.packages)
        #expect(groups.count == 1 && groups[0].members.count == 25)
        var opened = GraphDrawing.opened(graph, marks: marks, groups: groups, open: 0)
        #expect(!opened.dot.contains("not drawn"))
        opened.leavesOutImpliedEdges = true
        #expect(opened.dot.contains("not drawn"))
    }

    @Test func aDenseDrawingLeavesOutTheEdgesALongerPathImplies() throws {
        let (graph, marks) = try Self.denseGraph()
        let top = try #require(graph.node(named: "M24"))
        var drawing = GraphDrawing.neighbourhood(graph, marks: marks, focus: [top], depth: 1)
        func edges(_ dot: String) -> Int { dot.matches(of: #/ m\d+ -> m\d+ \[id=/#).count }
        #expect(edges(drawing.dot) == 300 && !drawing.dot.contains("not drawn"))
        drawing.leavesOutImpliedEdges = true
        #expect(edges(drawing.dot) == 24 + 23)
        #expect(drawing.dot.contains("label=\"253 edges not drawn: another path of the drawing implies each\""))
        // What is drawn still reaches what the whole graph does.
        #expect(drawing.dot.contains("id=\"e\(top)-\(graph.node(named: "M0")!)\""))
    }

    @Test func theMatrixOrderIsAPermutationEvenWithRepeatedNames() throws {
        // Defect 8: the page's ordering looped forever when two modules shared a name.
        var result = GraphQueryTests.theMonthResult
        let production = result.modules.indices.filter { !result.modules[$0].module.kind.isTest }
        result.modules[production[1]].module.name = result.modules[production[0]].module.name
        let graph = ModuleGraph(result)
        let page = PageGraph(graph, marks: GraphMarks(result, graph: graph), result: result)
        #expect(page.order.sorted() == Array(graph.modules.indices))
        #expect(page.bands.reduce(0) { $0 + $1.count } == graph.modules.count)
        // Lower layers first, and within one, a module after the modules it depends on
        // (but in a cycle).
        let position = Dictionary(uniqueKeysWithValues: page.order.enumerated().map { ($1, $0) })
        for pair in GraphQueryTests.theMonth.pairs where !GraphQueryTests.theMonthMarks.cycleEdges.contains(pair) {
            let band = { (module: Int) in page.bands.firstIndex { (position[module]! >= $0.start) && position[module]! < $0.start + $0.count }! }
            let (from, to) = (pair.from.index, pair.to.index)
            if band(from) == band(to) { #expect(position[to]! < position[from]!) }
        }
    }

    @Test func theMatrixCellsAndTheShortestPathsFollowTheGraph() {
        let (graph, marks) = (GraphQueryTests.theMonth, GraphQueryTests.theMonthMarks)
        let page = PageGraph(graph, marks: marks, result: GraphQueryTests.theMonthResult)
        #expect(page.cells.count == graph.pairs.count)
        for (cell, pair) in zip(page.cells, graph.pairs) {
            #expect(page.order[cell[0]] == pair.from.index && page.order[cell[1]] == pair.to.index)
            #expect(cell[2] == graph.edges[pair]!.evidence.count)
            #expect(PageGraph.cellKinds[cell[3]] == (marks.cycleEdges.contains(pair) ? "cycle" : PageGraph.cellKinds[cell[3]]))
        }
        #expect(page.cells.contains { PageGraph.cellKinds[$0[3]] == "cycle" })
        let app = graph.node(named: "TheMonthApp")!
        let (paths, complete) = graph.dependencyGraph.shortestPaths(from: app.index, limit: 3, budget: PageGraph.budget(modules: graph.modules.count))
        #expect(complete)
        // One to three per module it depends on, each a path of edges, none longer than another to the same end.
        #expect(Set(paths.map { $0.last! }) == Set(graph.reachable(from: app).map(\.index)).subtracting([app.index]))
        for path in paths.map({ $0.map(ModuleGraph.Node.init) }) {
            #expect(path.first == app)
            for (from, to) in zip(path, path.dropFirst()) { #expect(graph.edges[ModuleGraph.Edge(from, to)] != nil) }
            #expect(path.count - 1 == graph.paths(from: app, to: path.last!, injection: false).paths.map(\.count).min()! - 1)
        }
        #expect(Dictionary(grouping: paths, by: { $0.last! }).values.allSatisfy { (1...3).contains($0.count) })
        // Past the budget, the nearest modules' paths only, and said so.
        let (cut, whole) = graph.dependencyGraph.shortestPaths(from: app.index, limit: 3, budget: 12)
        #expect(!whole && !cut.isEmpty && cut.reduce(0) { $0 + $1.count } <= 12 && cut == Array(paths.prefix(cut.count)))
    }
}
