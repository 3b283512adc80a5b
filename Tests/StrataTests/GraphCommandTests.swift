import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import Testing

/// `strata graph` and `strata why` end to end, and names from a hostile repository in every
/// format they write.
@Suite struct GraphCommandTests {
    /// Target names that break DOT, Mermaid, Markdown or HTML when not escaped, written in the
    /// manifest as raw string literals (and a multi-line one for the line break).
    static let hostile = [#"Core"{}->;"#, "<script>alert(1)", #"back\slash\"#, "line\nbreak", "@everyone [x](http://e) *b* `c` | end", "%%{init: {'theme':'dark'}}%% click"]

    /// App → Core"{}->; → <script>… → back\slash\ ↔ line⏎break (a cycle); @everyone… → Core…;
    /// %%{init…}%% → App. Every edge is declared and imported.
    static func makeHostileRepository() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", #"""
            // swift-tools-version:5.9
            import PackageDescription
            let newline = """
                line
                break
                """
            let package = Package(name: "Hostile", targets: [
                .target(name: "App", dependencies: [#"Core"{}->;"#], path: "M0"),
                .target(name: #"Core"{}->;"#, dependencies: ["<script>alert(1)"], path: "M1"),
                .target(name: "<script>alert(1)", dependencies: [#"back\slash\"#], path: "M2"),
                .target(name: #"back\slash\"#, dependencies: [.target(name: newline)], path: "M3"),
                .target(name: newline, dependencies: [#"back\slash\"#], path: "M4"),
                .target(name: "@everyone [x](http://e) *b* `c` | end", dependencies: [#"Core"{}->;"#], path: "M5"),
                .target(name: "%%{init: {'theme':'dark'}}%% click", dependencies: ["App"], path: "M6"),
            ])
            """#)
        // Imports use the module names SwiftPM derives (non-identifier characters as `_`).
        let imported = [hostile[0], hostile[1], hostile[2], hostile[3], hostile[2], hostile[0], "App"]
        for (index, name) in imported.enumerated() {
            try repo.write("M\(index)/File.swift", "import \(DiscoveredModule.moduleName(forTarget: name))\n")
        }
        return repo
    }

    @Test func hostileNamesAreEscapedInDOTMermaidJSONAndMarkdown() throws {
        let repo = try Self.makeHostileRepository()
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let graph = ModuleGraph(result), marks = GraphMarks(result, graph: graph)
        #expect(Set(graph.modules.map(\.module.name)) == Set(Self.hostile + ["App"]))
        #expect(graph.edges.count == 7 && graph.edges.values.allSatisfy { $0.imported && $0.declared })
        #expect(marks.cycleEdges.count == 2)

        let drawing = GraphDrawing.full(graph, marks: marks)
        let dot = drawing.dot
        // Nodes by index; each name once, as its label.
        let id = { (name: String) in graph.node(named: name)! }
        for name in Self.hostile { #expect(dot.contains("m\(id(name)) [id=\"m\(id(name))\", label=\(DOT.label(name)), class=\"module")) }
        #expect(dot.contains("m\(id(#"Core"{}->;"#)) -> m\(id("<script>alert(1)")) [id="))
        let back = id(#"back\slash\"#), line = id("line\nbreak")
        #expect(dot.contains("m\(back) -> m\(line) [id=\"e\(back)-\(line)\", class=\"dependency f\(back) t\(line) cycle"))
        #expect(dot.contains(#"[id="m\#(line)", label="line\#u{240A}break", class="module"#))
        // One statement per line: no name spilled a line break or closed its quotes.
        for line in dot.split(separator: "\n") {
            #expect(line.hasSuffix(";") || line.hasSuffix("{") || line.hasSuffix("}"), "\(line)")
        }
        let svg = try drawing.svg()
        #expect(svg.components(separatedBy: "class=\"node module").count == 8)
        #expect(svg.contains("&lt;script&gt;alert(1)") && !svg.contains("<script"))
        // Graphviz would draw a name starting with `%` as `%3`.
        #expect(svg.contains(">%%{init: {&#39;theme&#39;:&#39;dark&#39;}}%% click</text>") || svg.contains(">%%{init: {'theme':'dark'}}%% click</text>"))

        let mermaid = try #require(drawing.mermaid)
        let safe = try Regex(#"(flowchart LR|  m\d+\["[A-Za-z0-9 ._/#;-]*"\](:::\w+)?|  m\d+ --> m\d+|  linkStyle \d+ [a-z0-9:#,-]+|  classDef \w+ [a-z0-9:#,\- ]+)"#)
        for line in mermaid.split(separator: "\n") { #expect(line.wholeMatch(of: safe) != nil, "\(line)") }
        #expect(mermaid.contains(#"["line#10;break"]"#) && mermaid.contains(#"["Core#34;#123;#125;-#62;#59;"]"#))

        let json = try #require(try JSONSerialization.jsonObject(with: drawing.json()) as? [String: Any])
        #expect(Set((json["nodes"] as! [[String: Any]]).map { $0["name"] as! String }) == Set(Self.hostile + ["App"]))

        let why = WhyReport(graph: graph, marks: marks, from: graph.node(named: Self.hostile[4])!, to: graph.node(named: "line\nbreak")!)
        #expect(why.paths == [[Self.hostile[4], Self.hostile[0], "<script>alert(1)", #"back\slash\"#, "line\nbreak"]])
        let markdown = why.markdown(linkBase: "https://example.com/blob/1")
        #expect(markdown.hasPrefix(#"### Why `@everyone` \[x\](http://e) \*b\* \`c\` \| end depends on line break"#))
        #expect(markdown.contains(#"→ Core"{}-\>; → \<script\>alert(1) → back\\slash\\ → line break"#))
        #expect(markdown.contains("[M5/File.swift:1](https://example.com/blob/1/M5/File.swift#L1)"))
        // Every `<` backslash-escaped, and no mention outside a code span.
        #expect(!markdown.replacingOccurrences(of: "\\<", with: "").contains("<") && !markdown.contains(" @everyone"))
    }

    // MARK: The commands

    func strata(_ arguments: [String]) throws -> ProcessRun {
        try run(CheckCommandTests.binary!, arguments)
    }

    static let theMonth = repositoryRoot + "/Samples/TheMonth"

    @Test(.enabled(if: CheckCommandTests.binary != nil)) func whyExitsZeroOneOrTwo() throws {
        let found = try strata(["why", "Home", "LocalDataCore", Self.theMonth, "--no-cache"])
        #expect(found.status == 0, "\(found.errors)")
        #expect(found.output.contains("\n   Repositories → LocalDataCore: 3 imports\n     Sources/Repositories/BaseRepository.swift:1\n"))
        let none = try strata(["why", "Entities", "Home", Self.theMonth])
        #expect(none.status == 1 && none.output == "Entities does not depend on Home; Home depends on Entities.\n")
        let unknown = try strata(["why", "Hom", "Entities", Self.theMonth])
        #expect(unknown.status == 2 && unknown.errors == "error: no module named 'Hom'; did you mean Home?\n")
        #expect(try strata(["why", "Home", "Home", Self.theMonth]).status == 2)
        #expect(try strata(["why", "Home", "Entities", Self.theMonth, "--format", "yaml"]).status == 2)
        let json = try strata(["why", "Home", "LocalDataCore", Self.theMonth, "--format", "json", "--limit", "1"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(document["pathCount"] as? Int == 2 && (document["paths"] as? [[String]])?.count == 1)
        let markdown = try strata(["why", "Setting", "DesignSystem", Self.theMonth, "--format", "md"])
        #expect(markdown.status == 0 && markdown.output.contains("- Setting → DesignSystem: declared in Package.swift:72, never imported\n"))
    }

    @Test(.enabled(if: CheckCommandTests.binary != nil)) func graphWritesTheSelectedDrawing() throws {
        let (graph, marks) = (GraphQueryTests.theMonth, GraphQueryTests.theMonthMarks)
        let focus = try strata(["graph", Self.theMonth, "--focus", "Home,Setting", "--depth", "1"])
        #expect(focus.status == 0, "\(focus.errors)")
        #expect(focus.output == (try GraphDrawing.select(graph, marks: marks, focus: ["Home", "Setting"], depth: 1)).dot)
        let scratch = try TemporaryDirectory()
        let file = scratch.path + "/graph.mmd"
        let written = try strata(["graph", Self.theMonth, "--collapse", "layers", "--format", "mermaid", "-o", file])
        #expect(written.status == 0 && written.output.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == (try GraphDrawing.select(graph, marks: marks, focus: [], collapse: .layers)).mermaid! + "\n")
        let svg = try strata(["graph", Self.theMonth, "--reaches", "LocalDataCore", "--format", "svg"])
        #expect(svg.output.contains("<svg") && svg.output.contains(">Repositories</text>") && !svg.output.contains(">Home</text>"))
        let unknown = try strata(["graph", Self.theMonth, "--focus", "Nowhere"])
        #expect(unknown.status == 2 && unknown.errors.hasPrefix("error: no module named 'Nowhere'"))
        #expect(try strata(["graph", Self.theMonth, "--depth", "2"]).status == 2)
        #expect(try strata(["graph", Self.theMonth, "--collapse", "teams"]).status == 2)
    }

    /// The focus of `graph --focus` has a class of its own in Mermaid: `changed` is the diff's.
    @Test(.enabled(if: CheckCommandTests.binary != nil)) func theMermaidFocusIsItsOwnClass() throws {
        let focus = try strata(["graph", Self.theMonth, "--focus", "Home", "--format", "mermaid"])
        #expect(focus.status == 0, "\(focus.errors)")
        let lines = focus.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasSuffix(":::focus") } == [#"  m2["Home"]:::focus"#])
        #expect(lines.contains("  classDef focus fill:#fde68a,stroke:#b45309,stroke-width:2px"))
        #expect(!focus.output.contains(":::changed"))
        // Without a focus, no class is declared for it.
        #expect(!(try strata(["graph", Self.theMonth, "--format", "mermaid"])).output.contains("focus"))
    }

    @Test(.enabled(if: CheckCommandTests.binary != nil)) func aMermaidGraphLargerThanGitHubDrawsIsBadInput() throws {
        // 34 targets, each declaring every earlier one: 561 edges.
        let repo = try TemporaryDirectory()
        let targets = (0..<34).map { index in
            ".target(name: \"T\(index)\", dependencies: [\((0..<index).map { "\"T\($0)\"" }.joined(separator: ", "))])"
        }
        try repo.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Big\", targets: [\n\(targets.joined(separator: ",\n"))\n])\n")
        for index in 0..<34 { try repo.write("Sources/T\(index)/File.swift", "struct S\(index) {}\n") }
        let run = try strata(["graph", repo.path, "--format", "mermaid", "--no-cache"])
        #expect(run.status == 2 && run.output.isEmpty)
        #expect(run.errors.contains("larger than GitHub draws in Mermaid") && run.errors.contains("--focus"))
        #expect(try strata(["graph", repo.path, "--format", "mermaid", "--collapse", "packages"]).status == 0)
    }
}
