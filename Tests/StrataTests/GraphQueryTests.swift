import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import Testing

/// `ModuleGraph`'s queries, the drawings `strata graph` selects, and `WhyReport`, on
/// Samples/TheMonth: a cycle (LocalDataCore ↔ LocalDataExtension), container-only edges
/// (Home ⇢ UseCases ⇢ Repositories, from Factory), a declared dependency never imported
/// (Setting → DesignSystem) and an undeclared import (Home → Entities).
@Suite struct GraphQueryTests {
    static let theMonth = ModuleGraph(theMonthResult)

    static let theMonthMarks = GraphMarks(theMonthResult, graph: theMonth)
    static let theMonthResult = try! Pipeline.run(.init(path: repositoryRoot + "/Samples/TheMonth", cacheDirectory: nil)).result

    var graph: ModuleGraph { Self.theMonth }
    var marks: GraphMarks { Self.theMonthMarks }

    func names(_ modules: [ModuleGraph.Node]) -> [String] { modules.map(graph.name).sorted() }

    func index(_ name: String) -> ModuleGraph.Node { graph.node(named: name)! }

    // MARK: Queries

    @Test func aNeighbourhoodFollowsDependenciesAndDependentsNotSiblings() {
        #expect(names(graph.neighbourhood(of: [index("Home")], depth: 0)) == ["Home"])
        // UseCaseProtocol's other dependents (Setting, MonthCalendar, UseCases) are not Home's neighbours.
        #expect(names(graph.neighbourhood(of: [index("Home")], depth: 1)) == ["DesignSystem", "Entities", "Home", "TheMonthApp", "UseCaseProtocol"])
        #expect(names(graph.neighbourhood(of: [index("LocalDataExtension")], depth: 2))
            == ["Entities", "LocalDataCore", "LocalDataExtension", "Repositories", "TheMonthApp"])
    }

    @Test func reachingAndReachableFollowImportsAndDeclarations() {
        #expect(names(graph.reaching(index("LocalDataCore"))) == ["LocalDataCore", "LocalDataExtension", "Repositories", "TheMonthApp"])
        #expect(names(graph.reachable(from: index("Repositories")))
            == ["Entities", "LocalDataCore", "LocalDataExtension", "Repositories", "RepositoryProtocol"])
        // Setting declares DesignSystem without importing it: still a dependency.
        #expect(names(graph.reachable(from: index("Setting"))) == ["DesignSystem", "Entities", "Setting", "UseCaseProtocol"])
    }

    @Test func pathsAreShortestFirstAndCrossTheContainerOnlyWhenAsked() {
        let found = graph.paths(from: index("Home"), to: index("LocalDataCore"))
        #expect(found.complete)
        #expect(found.paths.map { $0.map(graph.name) } == [
            ["Home", "UseCases", "Repositories", "LocalDataCore"],
            ["Home", "UseCases", "Repositories", "LocalDataExtension", "LocalDataCore"],
        ])
        let imports = graph.paths(from: index("Home"), to: index("LocalDataCore"), injection: false)
        #expect(imports.paths.isEmpty && imports.complete)
        let first = graph.paths(from: index("Repositories"), to: index("LocalDataCore"), limit: 1)
        #expect(first.paths.map { $0.map(graph.name) } == [["Repositories", "LocalDataCore"]])
        #expect(!first.complete)
    }

    @Test func everyModuleIsInExactlyOneGroup() {
        for grouping in ModuleGraph.Grouping.allCases {
            let members = graph.groups(grouping).flatMap(\.members)
            #expect(members.sorted() == graph.nodes, "\(grouping)")
        }
        #expect(graph.groups(.layers).map(\.name) == ["domain", "data", "presentation", "app"])
        #expect(names(graph.groups(.layers)[1].members) == ["LocalDataCore", "LocalDataExtension", "Repositories"])
        #expect(graph.groups(.packages).map(\.name) == ["TheMonth"])
    }

    @Test func unknownAndTestModulesAreNamedInTheError() {
        #expect { try graph.module(named: "Hom") } throws: { "\($0)" == "no module named 'Hom'; did you mean Home?" }
        #expect { try graph.module(named: "HomeTests") } throws: {
            "\($0)" == "'HomeTests' is a test module; graphs and paths cover production modules only"
        }
    }

    // MARK: Drawings

    /// The module nodes and the module-to-module edges of a DOT drawing, by name (from the
    /// labels: nodes are named `m<index>` and `g<index>`); groups as `group NAME`.
    static func parse(_ dot: String) -> (nodes: Set<String>, edges: Set<[String]>, groups: Set<String>) {
        var nodes = Set<String>(), edges = Set<[String]>(), groups = Set<String>()
        var named: [String: String] = [:]
        let node = #/^\s*([mg]\d+) \[id="[mg]\d+", label="((?:[^"\\]|\\.)*)"/#
        let edge = #/^\s*([mg]\d+) -> ([mg]\d+) /#
        for line in dot.split(separator: "\n") {
            if let match = line.firstMatch(of: node) {
                let id = String(match.output.1)
                let label = String(match.output.2).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
                if id.hasPrefix("m") {
                    named[id] = label
                    nodes.insert(label)
                } else {
                    named[id] = "group " + label.components(separatedBy: "\\n")[0]
                    groups.insert(named[id]!)
                }
            } else if !line.contains("style=invis"), let match = line.firstMatch(of: edge) {
                edges.insert([named[String(match.output.1)]!, named[String(match.output.2)]!])
            }
        }
        return (nodes, edges, groups)
    }

    @Test func aFocusDrawsExactlyItsNeighbourhoodHighlighted() throws {
        let drawing = try GraphDrawing.select(graph, marks: marks, focus: ["Home"])
        let parsed = Self.parse(drawing.dot)
        let expected = Set(["DesignSystem", "Entities", "Home", "TheMonthApp", "UseCaseProtocol"])
        #expect(parsed.nodes == expected)
        #expect(parsed.groups.isEmpty)
        // Every edge between the modules drawn, and no other.
        let between = Set(graph.edges.keys.filter { expected.contains(graph.name($0.from)) && expected.contains(graph.name($0.to)) }
            .map { [graph.name($0.from), graph.name($0.to)] })
        #expect(parsed.edges == between)
        #expect(parsed.edges.contains(["Home", "Entities"]))
        let home = index("Home"), entities = index("Entities")
        #expect(drawing.dot.contains("m\(home) [id=\"m\(home)\", label=\"Home\", class=\"module m\(home) library static\", fillcolor=\"#fde68a\""))
        #expect(drawing.dot.contains("m\(home) -> m\(entities) [id=\"e\(home)-\(entities)\", class=\"dependency f\(home) t\(entities) implicit\", style=dashed"))
    }

    @Test func collapsingDrawsGroupsAloneOrAroundTheFocus() throws {
        let layers = Self.parse(try GraphDrawing.select(graph, marks: marks, focus: [], collapse: .layers).dot)
        #expect(layers.nodes.isEmpty)
        #expect(layers.groups == ["group app", "group data", "group domain", "group presentation"])
        #expect(layers.edges.contains(["group app", "group data"]))

        // Around a focus: its neighbourhood module by module, the other modules in their
        // layer's node; the app layer is all shown, so it has no node.
        let around = try GraphDrawing.select(graph, marks: marks, focus: ["Home"], collapse: .layers)
        let parsed = Self.parse(around.dot)
        #expect(parsed.nodes == ["DesignSystem", "Entities", "Home", "TheMonthApp", "UseCaseProtocol"])
        #expect(parsed.groups == ["group domain", "group data", "group presentation"])
        let data = try #require(graph.groups(.layers).firstIndex { $0.name == "data" })
        #expect(around.dot.contains("g\(data) [id=\"g\(data)\", label=\"data\\n3 modules\\n2 edges in cycles\""))
        #expect(parsed.edges.contains(["TheMonthApp", "group data"]))
        let mermaid = try #require(around.mermaid)
        #expect(mermaid.contains("[\"group data\"]") && !mermaid.contains("[\"group app\"]"))
    }

    @Test func reachesDrawsTheDependentsOrThePathsFromTheFocus() throws {
        let dependents = try GraphDrawing.select(graph, marks: marks, focus: [], reaches: "LocalDataCore")
        #expect(Self.parse(dependents.dot).nodes == ["LocalDataCore", "LocalDataExtension", "Repositories", "TheMonthApp"])
        #expect(dependents.focus == [index("LocalDataCore")])
        let paths = try GraphDrawing.select(graph, marks: marks, focus: ["Repositories"], reaches: "LocalDataCore")
        #expect(Self.parse(paths.dot).nodes == ["LocalDataCore", "LocalDataExtension", "Repositories"])
        #expect(throws: ModuleGraph.QueryError.self) { try GraphDrawing.select(graph, marks: marks, focus: ["Nowhere"]) }
    }

    @Test func theJSONDrawingHasNodesWithLayersAndEdgesWithTheirKinds() throws {
        let data = try GraphDrawing.select(graph, marks: marks, focus: ["LocalDataExtension"]).json()
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        let nodes = try #require(document["nodes"] as? [[String: Any]])
        #expect(Set(nodes.map { $0["name"] as! String }) == ["Entities", "LocalDataCore", "LocalDataExtension", "Repositories"])
        let focus = try #require(nodes.first { $0["name"] as? String == "LocalDataExtension" })
        #expect(focus["focus"] as? Bool == true && focus["layer"] as? String == "data" && focus["kind"] as? String == "library")
        #expect(focus["linkage"] as? String == "static")
        let edges = try #require(document["edges"] as? [[String: Any]])
        let back = try #require(edges.first { $0["from"] as? String == "LocalDataCore" && $0["to"] as? String == "LocalDataExtension" })
        #expect(back["cycle"] as? Bool == true && back["declared"] as? Bool == false && back["imported"] as? Bool == true)
        #expect(back["importSites"] as? Int == 1)
        let collapsed = try GraphDrawing.select(graph, marks: marks, focus: [], collapse: .layers).json()
        let groups = try #require(try JSONSerialization.jsonObject(with: collapsed) as? [String: Any])
        let data0 = try #require((groups["nodes"] as? [[String: Any]])?.first { $0["name"] as? String == "group data" })
        #expect(data0["kind"] as? String == "group" && data0["group"] as? String == "data" && data0["modules"] as? Int == 3)
        let appToData = try #require((groups["edges"] as? [[String: Any]])?.first {
            $0["from"] as? String == "group app" && $0["to"] as? String == "group data"
        })
        #expect(appToData["edges"] as? Int == 2)
    }

    // MARK: Why

    @Test func whyListsContainerAndImportHopsAndTheHopsEveryPathTakes() throws {
        let report = WhyReport(graph: graph, marks: marks, from: index("Home"), to: index("LocalDataCore"))
        #expect(report.paths.count == 2 && report.pathCount == 2 && report.countIsExact)
        #expect(report.cuts.map(\.name) == ["Home ⇢ UseCases", "UseCases ⇢ Repositories"])
        #expect(report.minimumCut.isEmpty)
        let container = try #require(report.hops.first)
        #expect(container.containerOnly && container.services == ["monthUseCase"] && container.imports.isEmpty)
        #expect(container.resolutions.map(\.description) == ["Sources/TheMonthApp/Container+TheMonth.swift:40"])
        let imports = try #require(report.hops.first { $0.from == "Repositories" && $0.to == "LocalDataCore" })
        #expect(imports.imports.map(\.description) == [
            "Sources/Repositories/BaseRepository.swift:1", "Sources/Repositories/MonthRepository.swift:4",
            "Sources/Repositories/SettingRepository.swift:3",
        ])
        #expect(imports.declaration?.description == "Package.swift:54")
        #expect(imports.services == ["localDataSource"])
        let text = report.text(root: "Samples/TheMonth")
        #expect(text.hasPrefix("Home depends on LocalDataCore through 2 paths, shortest first.\n\n1. Home ⇢ UseCases ⇢ Repositories → LocalDataCore\n"))
        #expect(text.contains("\n   Home ⇢ UseCases: through the container: gets monthUseCase from UseCases\n     Samples/TheMonth/Sources/TheMonthApp/Container+TheMonth.swift:40\n"))
        #expect(text.contains("\n   Repositories → LocalDataCore: 3 imports\n     Samples/TheMonth/Sources/Repositories/BaseRepository.swift:1\n"))
        #expect(text.contains("\n   LocalDataExtension → LocalDataCore: 1 import (in an import cycle)\n     Samples/TheMonth/Sources/LocalDataExtension/LocalDataSource+Codable.swift:2\n"))
        #expect(text.contains("\n   Home ⇢ UseCases: see path 1\n"))
        #expect(text.hasSuffix("\nEvery path goes through Home ⇢ UseCases (1 resolution) and UseCases ⇢ Repositories (2 resolutions): removing either removes the dependency.\n"))
    }

    @Test func withoutAHopOnEveryPathWhyNamesAMinimumCutCheckedAgainstPathsNotShown() {
        // Limited to one path, Repositories → LocalDataCore is on every path shown, but the
        // path through LocalDataExtension (not shown) goes around it.
        let report = WhyReport(graph: graph, marks: marks, from: index("Repositories"), to: index("LocalDataCore"), limit: 1)
        #expect(report.paths == [["Repositories", "LocalDataCore"]])
        #expect(report.pathCount == 2 && report.countIsExact)
        #expect(report.cuts.isEmpty)
        #expect(report.minimumCut.map(\.name) == ["Repositories → LocalDataCore", "Repositories → LocalDataExtension"])
        let text = report.text(root: ".")
        #expect(text.hasPrefix("Repositories depends on LocalDataCore through 2 paths; the shortest is shown (--limit N shows more).\n"))
        #expect(text.hasSuffix("""

            No single hop is on every path; the fewest to remove together: Repositories → LocalDataCore (3 imports, the declaration, 2 resolutions); Repositories → LocalDataExtension (2 imports, the declaration).
            To cut Repositories → LocalDataCore, move or abstract: LocalDataSourceProtocol (4 sites), keys (3)
            To cut Repositories → LocalDataExtension, move or abstract: entries (21 sites), StorageKey (6), settings (4), decoded (2), entriesPrefix (2), setEncoded (2)

            """))
        // The same in Markdown, escaped, and in JSON on each hop.
        #expect(report.markdown().contains("\n- To cut Repositories → LocalDataCore, move or abstract: LocalDataSourceProtocol (4 sites), keys (3)\n"))
        #expect(report.minimumCut.first?.symbols.first.map { "\($0.kind) \($0.name) \($0.evidence)" }
            == "type LocalDataSourceProtocol Sources/Repositories/BaseRepository.swift:6")
    }

    @Test func whyStillShowsAPathWhenTheSearchGivesUpOnADenseGraph() throws {
        // Top → 10 layers of 8 modules, each depending on all 8 of the next → Bottom: 8^10
        // paths, more than the search examines before reaching the shortest ones.
        let repo = try TemporaryDirectory()
        var targets = [".target(name: \"Top\", dependencies: [\((0..<8).map { "\"L0_\($0)\"" }.joined(separator: ", "))])"]
        for layer in 0..<10 {
            let next = layer == 9 ? ["\"Bottom\""] : (0..<8).map { "\"L\(layer + 1)_\($0)\"" }
            for index in 0..<8 { targets.append(".target(name: \"L\(layer)_\(index)\", dependencies: [\(next.joined(separator: ", "))])") }
        }
        targets.append(".target(name: \"Bottom\")")
        try repo.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Dense\", targets: [\n\(targets.joined(separator: ",\n"))\n])\n")
        for name in ["Top", "Bottom"] + (0..<10).flatMap({ layer in (0..<8).map { "L\(layer)_\($0)" } }) {
            try repo.write("Sources/\(name)/File.swift", "struct S {}\n")
        }
        let graph = ModuleGraph(try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result)
        #expect(graph.paths(from: graph.node(named: "Top")!, to: graph.node(named: "Bottom")!).paths.isEmpty)
        let report = WhyReport(graph: graph, marks: marks, from: graph.node(named: "Top")!, to: graph.node(named: "Bottom")!)
        #expect(report.dependsOn && report.paths.count == 1 && report.paths[0].count == 12)
        #expect(!report.countIsExact && report.cuts.isEmpty && report.minimumCut.count == 8)
        #expect(report.text(root: ".").hasPrefix("Top depends on Bottom through at least 2 paths; the shortest is shown"))
    }

    @Test func onlyADrawingOfMoreThan300ModulesIsLaidOutWithShortPasses() throws {
        let repo = try TemporaryDirectory()
        let names = (0..<301).map { "M\($0)" }
        let targets = names.enumerated().map { index, name in
            ".target(name: \"\(name)\"\(index == 0 ? "" : ", dependencies: [\"M\(index - 1)\"]"))"
        }
        try repo.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Wide\", targets: [\n\(targets.joined(separator: ",\n"))\n])\n")
        for name in names { try repo.write("Sources/\(name)/File.swift", "struct S {}\n") }
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let graph = ModuleGraph(result)
        let marks = GraphMarks(result, graph: graph)
        let full = GraphDrawing.full(graph, marks: marks).dot
        #expect(full.contains("mclimit=0.05, nslimit=0.2, nslimit1=0.2"))
        var fewer = GraphDrawing.full(graph, marks: marks)
        fewer.shown.removeLast()
        #expect(fewer.shown.count == 300 && !fewer.dot.contains("mclimit"))
    }

    @Test func aDeclaredHopNeverImportedNamesItsManifestLine() {
        let report = WhyReport(graph: graph, marks: marks, from: index("Setting"), to: index("DesignSystem"))
        #expect(report.hops.count == 1 && report.hops[0].imports.isEmpty)
        #expect(report.text(root: "Samples/TheMonth").contains("\n   Setting → DesignSystem: declared in Samples/TheMonth/Package.swift:72, never imported\n"))
    }

    @Test func whyWithoutADependencySaysWhetherTheOtherWayHolds() throws {
        let report = WhyReport(graph: graph, marks: marks, from: index("Entities"), to: index("Home"))
        #expect(!report.dependsOn && report.reverse)
        #expect(report.text(root: ".") == "Entities does not depend on Home; Home depends on Entities.\n")
        let unrelated = WhyReport(graph: graph, marks: marks, from: index("Setting"), to: index("MonthCalendar"))
        #expect(unrelated.text(root: ".") == "Setting does not depend on MonthCalendar, nor MonthCalendar on Setting.\n")
        let json = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(json["dependsOn"] as? Bool == false && json["reverse"] as? Bool == true && (json["paths"] as? [Any])?.isEmpty == true)
    }

    @Test func whyJSONHasEveryImportSiteAndTheCuts() throws {
        let report = WhyReport(graph: graph, marks: marks, from: index("Home"), to: index("LocalDataCore"))
        let json = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1 && json["from"] as? String == "Home" && json["pathCount"] as? Int == 2)
        #expect(json["paths"] as? [[String]] == report.paths)
        let hops = try #require(json["hops"] as? [[String: Any]])
        let extensionHop = try #require(hops.first { $0["from"] as? String == "LocalDataExtension" })
        #expect(extensionHop["imports"] as? [String] == ["Sources/LocalDataExtension/LocalDataSource+Codable.swift:2"])
        #expect(extensionHop["cycle"] as? Bool == true)
        #expect(json["cuts"] as? [[String: String]] == [["from": "Home", "to": "UseCases"], ["from": "UseCases", "to": "Repositories"]])
    }
}
