import Foundation
import StrataAnalysis
import StrataConfiguration
@testable import StrataGraphviz
import StrataModel
import StrataPipeline
import StrataReport
import Testing

/// Graphviz runs in worker processes: a crash, a hang or bad DOT costs one drawing.
@Suite struct GraphvizLayoutTests {
    /// Only dot and sfdp are loaded, from libgvc's plugin folder (the SVG renderer is Strata's): no text
    /// layout plugin measures labels with this machine's fonts, and the layout cache knows.
    @Test func drawingsDoNotDependOnTheMachinesFonts() throws {
        #expect(GraphvizLayout.Plugins.libraries?.count == GraphvizLayout.Plugins.names.count)
        #expect(GraphvizLayout.libraryVersion.hasSuffix(" estimated-text"))
        let svg = try GraphvizLayout.svg(dot: "digraph { a [label=\"CNIOPosix\", fontname=\"Helvetica,Arial,sans-serif\", fontsize=11, shape=box] }")
        #expect(svg.contains(">CNIOPosix</text>"))
        #if os(Linux)
        let maps = try #require(FileHandle(forReadingAtPath: "/proc/self/maps").flatMap { try $0.readToEnd() })
        #expect(!String(decoding: maps, as: UTF8.self).contains("libgvplugin_pango"))
        #endif
    }

    @Test func eachDrawingSucceedsOrFailsAloneInOrder() throws {
        // Enough drawings for several workers, one of them unreadable.
        var jobs = (0..<40).map { GraphvizLayout.Job(name: "g\($0)", dot: "digraph { n\($0) -> m\($0) }") }
        jobs[17].dot = "digraph { \"unclosed -> }"
        let results = GraphvizLayout.svgs(jobs)
        #expect(results.count == 40)
        for (index, result) in results.enumerated() where index != 17 {
            #expect((try? result.get())?.contains(">n\(index)</text>") == true, "\(index)")
        }
        guard case .failure(let failure) = results[17] else { Issue.record("bad DOT drawn"); return }
        #expect(failure.description == "Graphviz could not read the generated DOT")
        #expect(GraphvizLayout.svgs([]).isEmpty)
    }

    /// A worker that dies while laying out a drawing costs that drawing; the next worker
    /// draws the rest of its batch.
    @Test func anAbortingWorkerCostsOnlyItsDrawing() throws {
        let jobs = (0..<12).map { GraphvizLayout.Job(name: "drawing \($0)", dot: "digraph { a\($0) -> b }") }
        let results = GraphvizLayout.svgs(jobs, abort: "drawing 5")
        guard case .failure(let failure) = results[5] else { Issue.record("the aborted drawing was drawn"); return }
        #expect(failure.description.hasPrefix("Graphviz crashed (signal 6"))
        for (index, result) in results.enumerated() where index != 5 {
            #expect((try? result.get())?.contains(">a\(index)</text>") == true, "\(index)")
        }
    }

    /// A worker that stops answering is killed after the time limit; its drawing is left
    /// out, the rest of its batch drawn by the next worker.
    @Test func aHangingWorkerCostsOnlyItsDrawing() throws {
        let jobs = (0..<3).map { GraphvizLayout.Job(name: "drawing \($0)", dot: "digraph { a\($0) -> b }") }
        let started = Date()
        let results = GraphvizLayout.svgs(jobs, abort: nil, hang: "drawing 1", seconds: 1)
        #expect(Date().timeIntervalSince(started) < 10)
        guard case .failure(let failure) = results[1] else { Issue.record("the hanging drawing was drawn"); return }
        #expect(failure.description == "Graphviz took longer than 1 s")
        #expect((try? results[0].get())?.contains(">a0</text>") == true && (try? results[2].get())?.contains(">a2</text>") == true)
    }

    /// A worker stuck without computing (as on a lock it inherited from the fork) is told from
    /// a slow layout by its processor time: it is tried again twice in fresh workers, long
    /// before the time limit, then its drawing is left out.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
    func aStuckWorkerIsRetriedThenLeftOut() throws {
        let jobs = (0..<3).map { GraphvizLayout.Job(name: "drawing \($0)", dot: "digraph { a\($0) -> b }") }
        let started = Date()
        let results = GraphvizLayout.svgs(jobs, abort: nil, hang: "drawing 1", seconds: 100)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed > 14 && elapsed < 40, "\(elapsed) s")
        guard case .failure(let failure) = results[1] else { Issue.record("the stuck drawing was drawn"); return }
        #expect(failure.description == "the Graphviz worker stopped working")
        #expect((try? results[0].get())?.contains(">a0</text>") == true && (try? results[2].get())?.contains(">a2</text>") == true)
    }

    /// dot 2.43 double-frees in `gvFreeLayout` after laying out this graph (labelled edges
    /// between modules drawn as clusters, `flat_edges`): the drawing is sent before anything
    /// is freed, so the crash costs nothing, and the drawing after it is still made.
    @Test func aCrashWhileFreeingCostsNoDrawing() throws {
        let results = GraphvizLayout.svgs([
            .init(name: "crashes when freed", dot: Self.freeCrash), .init(name: "after", dot: "digraph { x -> y }"),
        ])
        #expect((try? results[0].get())?.contains(">S2Impl</text>") == true)
        #expect((try? results[1].get())?.contains(">x</text>") == true, "\(results[1])")
    }

    /// Generated graphs (clusters, labels and xlabels, self-loops, edges both ways, hostile
    /// names) straight to Graphviz, for a bounded time: every drawing comes back, as SVG
    /// with every name escaped or as a failure, and the test process lives.
    @Test func fuzzedDOTNeverTakesTheProcessDown() throws {
        var generator = SeededGenerator(seed: 21)
        let started = Date()
        var drawn = 0
        while Date().timeIntervalSince(started) < 4 || drawn < 20 {
            let jobs = (0..<10).map { index in
                GraphvizLayout.Job(name: "fuzz \(index)", dot: Self.randomDOT(&generator), engine: index % 5 == 4 ? "sfdp" : "dot")
            }
            // A random graph may keep dot busy for minutes: 5 s each is enough to see it end.
            for result in GraphvizLayout.svgs(jobs, seconds: 5) {
                if case .success(let svg) = result {
                    #expect(svg.contains("</svg>") && !svg.contains("<script") && !svg.contains("<img"))
                    drawn += 1
                }
            }
        }
        #expect(drawn >= 20)
    }

    /// Generated repositories through every kind of drawing the report makes: the module
    /// graph, the layer and package overviews and opened groups, the neighbourhoods, the DI
    /// graph and the diff graph. None fails and none lets a name through unescaped.
    @Test func fuzzedRepositoriesDrawEveryKindOfDrawing() throws {
        var generator = SeededGenerator(seed: 2026)
        let started = Date()
        var repositories = 0
        while Date().timeIntervalSince(started) < 6 || repositories < 2 {
            let tree = MemoryTree(Self.randomRepository(&generator, modules: repositories == 0 ? 44 : Int.random(in: 3...20, using: &generator)))
            let head = try TreeAnalysis.run(tree: tree, configuration: Configuration(), store: nil).result
            let document = PreparedReport.prepare(head, for: [.html])
            let views = try document.views.get()
            var svgs = [try document.svg.get(), views.overview] + views.groupings.flatMap { [$0.overview] + $0.opened }
            svgs += views.neighbourhoods.flatMap { $0.compactMap { $0 } }
            if let injection = try document.injectionSVG.get() { svgs.append(injection) }
            #expect(document.messages.isEmpty, "\(document.messages)")
            var base = head
            base.modules.removeLast()
            var warnings: [String] = []
            let page = try DiffPage.render(
                DiffDocument(diff: GraphComparison.compare(base: base, head: head, baseLabel: "a", headLabel: "b"), base: base, head: head)
                    .prepared(for: [.html], layouts: nil) { warnings.append($0) })
            #expect(warnings.isEmpty, "\(warnings)")
            let diffPage = String(decoding: page, as: UTF8.self)
            #expect(diffPage.contains("</svg>") && !diffPage.contains(ReportViews.notDrawn) && !diffPage.contains("<img"))
            #expect(diffPage.components(separatedBy: "<script").count == 3)  // the diff's data and the page's script, nothing else
            for svg in svgs {
                #expect(svg.contains("</svg>") && !svg.contains(ReportViews.notDrawn))
                #expect(!svg.contains("<script") && !svg.contains("<img"))
            }
            if repositories == 0 { #expect(!views.groupings.isEmpty && head.injection.registrations.count > 0) }
            repositories += 1
        }
    }

    // MARK: Generators

    static let hostile = ["<script>alert(1)</script>", "a\"b", "back\\slash", "<img src=x>", "ünï cödé", "x->y", "{braces}", "semi;colon", "new\nline"]

    /// A node name as a DOT quoted id, hostile characters kept (DOT unescapes only `\"` in
    /// names; a trailing backslash must not escape the closing quote).
    static func id(_ text: String) -> String {
        var result = "\""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            switch character {
            case "\"": result += "\\\""
            case "\n", "\r\n": result += " "
            case "\r": break
            case "\\":
                result.append(character)
                if index + 1 == characters.count || characters[index + 1] == "\"" { result += " " }
            default: result.append(character)
            }
        }
        return result + "\""
    }

    static func randomDOT(_ generator: inout SeededGenerator) -> String {
        let nodes = Int.random(in: 2...14, using: &generator)
        func name(_ index: Int) -> String { index % 4 == 0 ? hostile[index % hostile.count] + "\(index)" : "n\(index)" }
        var lines = ["digraph \"fuzz\" {", "  graph [rankdir=\(Bool.random(using: &generator) ? "LR" : "TB"), compound=true];"]
        var placed = Set<Int>()
        for cluster in 0..<Int.random(in: 0...3, using: &generator) {
            lines.append("  subgraph \"cluster_\(cluster)\" { label=\(DOT.label(hostile[cluster % hostile.count]));")
            for node in (0..<nodes).filter({ _ in Int.random(in: 0..<3, using: &generator) == 0 }) where placed.insert(node).inserted {
                lines.append("    \(id(name(node))) [label=\(DOT.label(name(node))), shape=\(["box", "plaintext", "ellipse"][node % 3])];")
            }
            lines.append("  }")
        }
        for node in 0..<nodes where !placed.contains(node) { lines.append("  \(id(name(node)));") }
        for _ in 0..<Int.random(in: 1...(nodes * 2), using: &generator) {
            let from = Int.random(in: 0..<nodes, using: &generator)
            let to = Int.random(in: 0...3, using: &generator) == 0 ? from : Int.random(in: 0..<nodes, using: &generator)
            var attributes = [String]()
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: attributes.append("xlabel=\(DOT.label(hostile.randomElement(using: &generator)!))")
            case 1: attributes.append("dir=both")
            case 2: attributes.append("constraint=false")
            default: break
            }
            lines.append("  \(id(name(from))) -> \(id(name(to))) [\(attributes.joined(separator: ", "))];")
            if Bool.random(using: &generator) { lines.append("  \(id(name(to))) -> \(id(name(from)));") }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A package of `modules` targets named by layer (Core, Data, Feature: layers are
    /// inferred), some with hostile names, importing lower layers and each other both ways,
    /// with DI registrations of one module's services in another and resolutions across.
    static func randomRepository(_ generator: inout SeededGenerator, modules count: Int) -> [String: String] {
        let kinds = ["Core", "Data", "Feature"]
        let names = (0..<count).map { index in
            kinds[index * kinds.count / count] + (index % 7 == 3 ? "X<b>\(index)" : "\(index)")
        }
        var files: [String: String] = [:]
        var targets: [String] = []
        for (index, name) in names.enumerated() {
            let lower = names.indices.filter { $0 != index && $0 <= index + 2 }
            let imports = Array(Set((0..<Int.random(in: 0...3, using: &generator)).compactMap { _ in lower.randomElement(using: &generator) })).sorted()
            let dependencies = imports.map { "\"\(names[$0])\"" }.joined(separator: ", ")
            targets.append(".target(name: \"\(name)\", dependencies: [\(dependencies)])")
            var source = imports.map { "import \(names[$0])\n" }.joined()
            source += "public protocol Service\(index) {}\n"
            if let other = imports.first {
                let key = Bool.random(using: &generator) ? ", name: \"key<\(index)>\"" : ""
                source += """
                    final class Impl\(index): Service\(other) {}
                    func register\(index)(container: Container) {
                        container.register(Service\(other).self\(key)) { resolver in Impl\(index)() }
                        _ = container.resolve(Service\(names.indices.randomElement(using: &generator)!).self)
                    }

                    """
            }
            files["Sources/\(name)/\(name).swift"] = source
        }
        files["Package.swift"] = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Fuzz", targets: [
                \(targets.joined(separator: ",\n    "))
            ])
            """
        return files
    }

    static let freeCrash = """
        digraph "injection" {
          graph [rankdir=LR, nodesep=0.25, ranksep=0.5];
          "service:S0" [label="S0", shape=ellipse];
          "service:S1" [label="S1", shape=ellipse];
          "service:S2" [label="S2", shape=ellipse];
          subgraph "cluster_0" {
            label="M0"; style="rounded,dashed";
            "module:M0" [label="M0", shape=plaintext];
            "impl:M0:S2" [label="S2Impl", shape=box];
          }
          subgraph "cluster_1" {
            label="M1"; style="rounded,dashed";
            "module:M1" [label="M1", shape=plaintext];
            "impl:M1:S0" [label="S0Impl", shape=box];
            "impl:M1:S2" [label="S2Impl", shape=box];
          }
          "service:S2" -> "impl:M0:S2";
          "service:S0" -> "impl:M1:S0";
          "impl:M1:S0" -> "service:S0";
          "service:S2" -> "impl:M1:S2";
          "impl:M1:S2" -> "service:S2";
          "module:M1" -> "module:M0" [style=dashed, label="lab2", fontsize=9];
          "module:M0" -> "module:M1" [style=dashed, label="lab4", fontsize=9];
          "module:M0" -> "module:M1" [style=dashed, dir=both, label="lab5", fontsize=9];
          "module:M1" -> "module:M0" [style=dashed, dir=both, label="lab6", fontsize=9];
          "module:M0" -> "module:M1" [style=dashed, dir=both, label="lab7", fontsize=9];
        }

        """
}

/// A small deterministic generator (SplitMix64), so a failing fuzz case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
