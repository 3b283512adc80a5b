import Foundation
import StrataAnalysis
import StrataModel
import StrataPipeline
import StrataReport
import Testing

/// The build shape of a hand-checked sample:
///
///     App(40) → Feed(200) → Network(50) → Core(100)
///     App     → Settings(10) → Storage(30) → Core, Util(20)
///     Feed    → Storage;  AppTests (a test, not counted) → App
@Suite struct BuildShapeTests {
    static let lines = ["App": 40, "Feed": 200, "Network": 50, "Core": 100, "Settings": 10, "Storage": 30, "Util": 20, "AppTests": 999]
    static let dependencies = [
        "App": ["Feed", "Settings"], "Feed": ["Network", "Storage"], "Network": ["Core"], "Settings": ["Storage"],
        "Storage": ["Core", "Util"], "AppTests": ["App"],
    ]

    static func project(lines: [String: Int] = lines, dependencies: [String: [String]] = dependencies) -> Project {
        let modules = lines.keys.sorted().map { name in
            AssembledModule(
                name: name, kind: name.hasSuffix("Tests") ? .test : name == "App" ? .app : .library, package: "P", path: name,
                manifest: Location(file: "Package.swift", line: 1), files: 1, lines: lines[name]!,
                dependencies: [], imports: [], declarations: [:], access: [:])
        }
        let ids = Dictionary(uniqueKeysWithValues: modules.map { ($0.name, $0.id) })
        let edges = dependencies.sorted { $0.key < $1.key }.flatMap { from, targets in
            targets.sorted().map { ImportEdge(from: ids[from]!, to: ids[$0]!, declared: true, imported: true, evidence: []) }
        }
        return Project(root: "P", packages: [], modules: modules, edges: edges, diagnostics: [])
    }

    @Test func theSampleByHand() throws {
        let shape = try #require(Analyzer.analyze(Self.project()).buildShape)
        #expect(shape.unit == .lines)
        // Chains: Core 100, Network 150, Storage 30 + 100, Feed 200 + 150, App 40 + 350.
        #expect(shape.criticalPath == ["Core", "Network", "Feed", "App"])
        #expect(shape.criticalCost == 390)
        #expect(shape.totalCost == 450)
        #expect(shape.widths == [2, 2, 2, 1])
        #expect(shape.maximumWidth == 2)
        let rows = shape.modules.map { "\($0.module) \(Int($0.cost)) \(Int($0.rebuildCost)) \($0.dependents) \($0.depth)" }
        #expect(rows == [
            "App 40 40 0 3",
            "Core 100 430 5 0",
            "Feed 200 240 1 2",
            "Network 50 290 2 1",
            "Settings 10 50 1 2",
            "Storage 30 280 3 1",
            "Util 20 300 4 0",
        ])
        // On the path and rebuilding at least 450 / 4: App (40) is not costly.
        #expect(shape.hot == ["Core", "Network", "Feed"])
        #expect(shape.unmeasured == nil)
        // The linkage section's numbers are the same computation.
        let linkage = Analyzer.analyze(Self.project()).linkage
        #expect(linkage.criticalPath == CriticalPath(modules: ["Core", "Network", "Feed", "App"], lines: 390))
        #expect(linkage.blastRadius.first { $0.module == "Core" } == BlastRadius(module: "Core", count: 5, lines: 330))
    }

    /// Measured seconds replace the estimate; a slow Storage moves the path through it, and
    /// the modules without a time are named. The linkage section follows the same path, in lines.
    @Test func measuredSecondsMoveTheCriticalPath() throws {
        let times = try BuildTimes.parse("module,seconds\n# measured on CI\nCore, 10\nFeed,30\n\nApp,5\nNetwork,2\nStorage,40\n", file: "times.csv")
        let result = Analyzer.analyze(Self.project(), buildSeconds: times)
        let shape = try #require(result.buildShape)
        #expect(result.linkage.criticalPath == CriticalPath(modules: ["Core", "Storage", "Feed", "App"], lines: 370))
        #expect(shape.unit == .seconds)
        #expect(shape.criticalPath == ["Core", "Storage", "Feed", "App"])
        #expect(shape.criticalCost == 85)
        #expect(shape.totalCost == 87)
        #expect(shape.unmeasured == ["Settings", "Util"])
        #expect(shape.modules.first { $0.module == "Storage" }?.rebuildCost == 75)
    }

    @Test func badBuildTimesAreOneLineWithTheirPlace() {
        #expect(throws: Pipeline.InputError.self) { try BuildTimes.parse("Core,10\nFeed,fast\n", file: "t.csv") }
        do {
            _ = try BuildTimes.parse("Core,10\nCore,-1\n", file: "t.csv")
        } catch {
            #expect("\(error)" == "t.csv:2: expected module,seconds (seconds a number ≥ 0)")
        }
        do {
            _ = try BuildTimes.parse("Core,10\nCore,3\n", file: "t.csv")
        } catch {
            #expect("\(error)" == "t.csv:2: Core has a time already")
        }
    }

    /// Only `module,seconds` (any case) on the first line is a header: a first line without a
    /// number is an error at its line, never read as a header that leaves every module at 0 s.
    @Test func aHeaderIsOnlyModuleSeconds() throws {
        for header in ["module,seconds", "Module, Seconds", "MODULE,SECONDS", "# measured on CI\nmodule,seconds"] {
            #expect(try BuildTimes.parse(header + "\nCore,10\n", file: "t.csv") == ["Core": 10], "\(header)")
        }
        for (text, line) in [("Good,abc\nCore,10\n", 1), ("Good,\nCore,10\n", 1), ("# times\n\nGood,abc\n", 3), ("module,seconds\nmodule,seconds\n", 2)] {
            #expect("\(try #require(throws: Pipeline.InputError.self) { try BuildTimes.parse(text, file: "t.csv") })"
                == "t.csv:\(line): expected module,seconds (seconds a number ≥ 0)", "\(text)")
        }
    }

    /// A cycle's modules build as one step: one depth, together on the path.
    @Test func aCycleIsOneStep() throws {
        let shape = try #require(Analyzer.analyze(Self.project(
            lines: ["A": 10, "B": 20, "C": 5, "Top": 1], dependencies: ["A": ["B", "C"], "B": ["A"], "Top": ["A"]])).buildShape)
        #expect(shape.criticalPath == ["C", "A", "B", "Top"])
        #expect(shape.criticalCost == 36)
        #expect(shape.widths == [1, 2, 1])
        #expect(shape.modules.map(\.depth) == [1, 1, 0, 2])
    }

    /// The diff's Markdown says how the change moved the path and the rebuild costs.
    @Test func theDiffShowsHowTheCriticalPathAndRebuildCostsMoved() throws {
        let base = Analyzer.analyze(Self.project())
        var lines = Self.lines
        lines["Storage"] = 300
        let head = Analyzer.analyze(Self.project(lines: lines))
        let diff = GraphComparison.compare(base: base, head: head, baseLabel: "main", headLabel: "HEAD")
        let change = diff.buildShape
        #expect(change?.baseCriticalPath == ["Core", "Network", "Feed", "App"])
        #expect(change?.headCriticalPath == ["Core", "Storage", "Feed", "App"])
        #expect(change?.baseCriticalCost == 390)
        #expect(change?.headCriticalCost == 640)
        #expect(change?.rebuildCosts.map { "\($0.module) \(Int($0.base)) \(Int($0.head))" } == [
            "Core 430 700", "Storage 280 550", "Util 300 570",
        ])
        let markdown = DiffMarkdown.render(DiffDocument(diff: diff, base: base, head: head))
        #expect(markdown.contains("### Build shape (estimated from lines)"))
        #expect(markdown.contains("Critical path moved from Core → Network → Feed → App (390 lines) to Core → Storage → Feed → App (640 lines, +250 lines)."))
        #expect(markdown.contains("| Core | 430 lines → 700 lines | +270 lines |"))
        let text = DiffText.render(diff)
        #expect(text.contains("build shape:\n  critical path before: Core → Network → Feed → App (390 lines)\n  critical path now: Core → Storage → Feed → App (640 lines)"))
        #expect(text.contains("  rebuild cost of Core: 430 lines → 700 lines"))
        let same = GraphComparison.compare(base: base, head: base, baseLabel: "main", headLabel: "HEAD")
        #expect(same.buildShape?.isEmpty == true)
        #expect(!DiffMarkdown.render(DiffDocument(diff: same, base: base, head: base)).contains("### Build shape"))
        #expect(!DiffText.render(same).contains("build shape"))
    }

    /// In the JSON result and the report page.
    @Test func theResultAndTheReportCarryIt() throws {
        let result = Analyzer.analyze(Self.project())
        let json = try JSONSerialization.jsonObject(with: try JSONReporter.encode(result)) as? [String: Any]
        let shape = json?["buildShape"] as? [String: Any]
        #expect(shape?["criticalPath"] as? [String] == ["Core", "Network", "Feed", "App"])
        #expect(shape?["hot"] as? [String] == ["Core", "Network", "Feed"])
        let page = String(decoding: try HTMLReporter.page(PreparedReport.prepare(result, for: [.html])), as: UTF8.self)
        #expect(page.contains("<section id=\"build-shape\""))
        let data = String(decoding: try pageElement(page, "strata-data"), as: UTF8.self)
        #expect(data.contains("\"criticalPath\":[\"Core\",\"Network\",\"Feed\",\"App\"]"))
    }
}
