import Foundation
import StrataAnalysis
import StrataModel
import StrataSourceTree
import StrataWeb

/// The static report: `index.html` (`Web/index.html` in the pages' skeleton, `Web/page.html`) next to `report.css`, `report.js`,
/// `graph.svg` (the whole graph) and `data/` (scripts the page loads when it needs them).
///
/// The page opens fast at any size: it embeds only a summary of the result (no import sites,
/// evidence lists cut to a few entries with their full counts, deflated) and the overview drawing.
/// Each module's imports, findings and neighbourhood drawings are in a module script
/// (`data/modules-N.js` holds those of `modulesPerScript` modules in a row), and
/// each grouping's opened groups in `data/layers.js` and `data/packages.js`; offline pages
/// cannot fetch JSON, but they can load scripts. `strata.json` keeps everything.
///
/// Nothing is loaded from the network; every name from the repository is escaped (HTML
/// text) or deflated and in base64 (the page's data elements, `WebPage.deflated`, and the
/// data scripts, which pass a function their JSON so).
public struct HTMLReporter: Reporter {
    /// Evidence entries kept per finding in the page; the rest are on the module pages.
    static let evidenceShown = 5
    /// Findings of one rule the page holds, the worst first; a rule with more has them all in
    /// `data/findings-N.js`, loaded when its group is opened, so that 66,000 notes make the
    /// page no heavier than 300 do.
    static let findingsShownPerRule = 100
    /// Modules whose scripts share a file: `data/modules-N.js` holds those of modules
    /// N × modulesPerScript up to (N + 1) × modulesPerScript − 1. Each module's value is still
    /// deflated on its own (a module page inflates only its own), but creating a file costs
    /// more than writing some kilobytes (a 672-module report wrote 651 files, 0.1 s of the
    /// run), and a CI artifact of 50 files uploads faster than one of 650.
    public static let modulesPerScript = 16

    public init() {}

    public var help: String { "index.html, the report" }

    public func files(for document: PreparedReport, warn: (String) -> Void) throws -> [ReportFile] {
        let svg = try document.svg.get()
        let views = try document.views.get()
        let graph = document.graph, result = document.result
        // The page and the module scripts, side by side: the drawings they embed are done.
        let (page, scripts) = Parallel.both({ Result { try Self.page(document) } }) {
            Result { try Self.moduleScripts(graph: graph, result: result, views: views) }
        }
        var files: [(String, Data)] = [
            ("index.html", try page.get()), ("report.css", Data(WebAssets.stylesheet.utf8)),
            ("report.js", Data(WebAssets.script.utf8)), ("graph.svg", Data(svg.utf8)),
        ]
        for grouping in views.groupings {
            let groups = GroupScript(overview: grouping.overview, opened: grouping.opened)
            files.append(("data/\(grouping.kind.rawValue).js", try Self.script("strataGroups", grouping.kind.rawValue, ReportJSON.compact(groups))))
        }
        for (number, rule) in Self.scriptedRules(result.findings).enumerated() {
            let script = FindingScript(findings: rule.findings.map(Self.cut), sites: rule.findings.map(\.evidence.count))
            files.append(("data/findings-\(number).js", try Self.script("strataFindings", number, ReportJSON.compact(script))))
        }
        files += try scripts.get()
        return files.map { ReportFile($0.0, $0.1) }
    }

    /// The data scripts: those of modules a previous run had and this one has not are stale.
    /// Only files of these names: a `data/` folder of the user's keeps its own.
    public func owns(_ path: String) -> Bool {
        guard path.hasPrefix("data/") else { return false }
        let file = path.dropFirst(5)
        guard file.hasSuffix(".js"), !file.contains("/") else { return false }
        // `module-N.js`: a module's script as reports before modulesPerScript named it.
        return file == "layers.js" || file == "packages.js" || file.hasPrefix("modules-") || file.hasPrefix("module-")
            || file.hasPrefix("findings-")
    }

    /// The page: the template with the title, the summary data, the page index, the rule
    /// catalog and the DI graph (deflated, `WebPage.deflated`; the DI graph, far below the first
    /// screen, is drawn once the rest is: a JSON string, empty when there is none) and the
    /// overview drawing filled in.
    public static func page(_ document: PreparedReport) throws -> Data {
        let result = document.result, views = try document.views.get(), injectionSVG = try document.injectionSVG.get() ?? ""
        let (summary, index) = pageData(result, graph: document.graph, marks: document.marks, views: views)
        // Appended element by element: `Data(joined(separator:))` would copy a byte at a time.
        var data = WebPage.deflated("strata-data", try ReportJSON.compact(summary))
        for element in [
            WebPage.deflated("strata-page", try ReportJSON.compact(index)), WebPage.deflated("strata-rules", ruleCatalog),
            WebPage.deflated("strata-injection-graph", try ReportJSON.compact(WebPage.inlineSVG(injectionSVG))),
        ] {
            data.append(UInt8(ascii: "\n"))
            data.append(element)
        }
        return WebPage.fill(WebAssets.indexTemplate, [
            "TITLE": Data(escapeHTML(result.root).utf8),
            "DATA": data,
            "GRAPH": Data(WebPage.inlineSVG(views.overview).utf8),
        ])
    }

    /// What the page's script needs to know besides the summary: module indices (the
    /// `m<index>` classes of the drawings and the module scripts), groups,
    /// which drawings exist, and the full counts of the evidence lists the summary cuts.
    struct PageIndex: Encodable {
        struct Grouping: Encodable {
            var kind: String
            var groups: [ModuleGraph.Group]
        }
        var modules: [String]
        /// Modules whose scripts share a file (`HTMLReporter.modulesPerScript`).
        var modulesPerScript: Int
        var overview: String?
        var groupings: [Grouping]
        var layering: String?
        var depths: Int
        /// By depth - 1: the most modules a neighbourhood drawing has (`ReportViews.limits`).
        var neighbourhoodLimits: [Int]
        var neighbourhoodSizes: [[Int]]
        /// By module, by depth - 1: whether that drawing exists.
        var drawn: [[Bool]]
        /// Parallel to `edges`, `findings` and `implicitDependencies` of the summary.
        var edgeSites: [Int]
        /// Parallel to `accessControl.modules`: the candidates the module scripts list.
        var unusedPublic: [Int]
        var openNotSubclassed: [Int]
        var findingSites: [Int]
        /// Every rule and every module with findings, with their counts by severity, the worst
        /// first; a rule with more findings than the summary holds names its script.
        var findingRules: [FindingGroup]
        var findingModules: [FindingGroup]
        var implicitSites: [Int]
        /// Dependencies, dependents, the matrix and the blast radius lists, by module index.
        var graph: PageGraph
        /// The kinds of the matrix cells (`PageGraph.cellKinds`).
        var cellKinds: [String]
        /// Rules whose errors the overview's top findings leave to their own lines (cycles,
        /// duplicated shared state).
        var listedApart: [String]
        /// Imports graded `unused`, and what the rule could not grade and why
        /// (`ImportReport.unknownSummary`), for the overview.
        var unusedImports: Int
        var importsNotGraded: String?
    }

    /// The result without what only a module page needs: import lists, edge evidence and
    /// access candidates go, finding evidence is cut to `evidenceShown` entries (their
    /// counts are in the index).
    static func pageData(_ result: AnalysisResult, graph: ModuleGraph, marks: GraphMarks, views: ReportViews) -> (AnalysisResult, PageIndex) {
        var summary = result
        for position in summary.modules.indices {
            summary.modules[position].module.imports = []
            summary.modules[position].module.inactiveImports = nil
        }
        let edgeSites = result.edges.map(\.evidence.count)
        // Each module page's script has its edges' sites and symbols, and the findings have the
        // graded imports: the summary keeps neither.
        for position in summary.edges.indices {
            summary.edges[position].evidence = []
            summary.edges[position].symbols = nil
            summary.edges[position].moreSymbols = nil
        }
        summary.imports = nil
        // The first `findingsShownPerRule` findings of each rule; the rest are in its script.
        var perRule: [RuleID: Int] = [:]
        summary.findings = result.findings.filter { finding in
            perRule[finding.rule, default: 0] += 1
            return perRule[finding.rule]! <= findingsShownPerRule
        }
        let findingSites = summary.findings.map(\.evidence.count)
        summary.findings = summary.findings.map(cut)
        let scripts = Dictionary(uniqueKeysWithValues: scriptedRules(result.findings).enumerated().map { ($1.key, $0) })
        let implicitSites = result.implicitDependencies.map(\.evidence.count)
        for position in summary.implicitDependencies.indices {
            summary.implicitDependencies[position].evidence = Array(result.implicitDependencies[position].evidence.prefix(evidenceShown))
        }
        let access = result.accessControl.modules
        for position in summary.accessControl.modules.indices {
            summary.accessControl.modules[position].unusedPublic = []
            summary.accessControl.modules[position].openNotSubclassed = []
        }
        let index = PageIndex(
            modules: graph.modules.map(\.module.name), modulesPerScript: modulesPerScript, overview: views.overviewGrouping?.rawValue,
            groupings: views.groupings.map { PageIndex.Grouping(kind: $0.kind.rawValue, groups: $0.groups) },
            layering: result.layering?.source.rawValue, depths: views.depths,
            neighbourhoodLimits: views.limits, neighbourhoodSizes: views.neighbourhoodSizes,
            drawn: views.neighbourhoods.map { $0.map { $0 != nil } },
            edgeSites: edgeSites, unusedPublic: access.map(\.unusedPublic.count),
            openNotSubclassed: access.map(\.openNotSubclassed.count), findingSites: findingSites,
            findingRules: grouped(result.findings, by: \.rule.rawValue).map { FindingGroup(key: $0.key, $0.findings, script: scripts[$0.key]) },
            findingModules: grouped(result.findings, by: \.module).map { FindingGroup(key: $0.key, $0.findings) }, implicitSites: implicitSites,
            graph: PageGraph(graph, marks: marks, result: result), cellKinds: PageGraph.cellKinds,
            listedApart: [RuleID.cycle, .sharedStateDuplicated].map(\.rawValue),
            unusedImports: result.imports?.counts[GradedImport.Grade.unused.rawValue] ?? 0, importsNotGraded: result.imports?.unknownSummary)
        return (summary, index)
    }

    struct FindingGroup: Encodable {
        var key: String
        var error, warn, info: Int
        /// N of `data/findings-N.js`, which holds all of this rule's findings.
        var script: Int?

        init(key: String, _ findings: [Finding], script: Int? = nil) {
            let counts = FindingCounts(findings)
            (self.key, error, warn, info, self.script) = (key, counts.error, counts.warn, counts.info, script)
        }
    }

    /// A rule's findings as the page lists them (evidence cut to `evidenceShown`), with the
    /// full count of each one's evidence.
    struct FindingScript: Encodable {
        var findings: [Finding]
        var sites: [Int]
    }

    /// The rules whose findings the summary holds only some of, with their findings, in the
    /// order of their first: the n-th is `data/findings-n.js`.
    static func scriptedRules(_ findings: [Finding]) -> [(key: String, findings: [Finding])] {
        grouped(findings, by: \.rule.rawValue).filter { $0.findings.count > findingsShownPerRule }
    }

    /// A finding as the page lists it: its first `evidenceShown` sites.
    static func cut(_ finding: Finding) -> Finding {
        var cut = finding
        cut.evidence = Array(finding.evidence.prefix(evidenceShown))
        return cut
    }

    /// The findings grouped by `key`, in the order of each group's first finding (the worst
    /// first, as the findings are sorted).
    static func grouped(_ findings: [Finding], by key: (Finding) -> String) -> [(key: String, findings: [Finding])] {
        var groups: [(key: String, findings: [Finding])] = [], position: [String: Int] = [:]
        for finding in findings {
            let name = key(finding)
            if position[name] == nil {
                position[name] = groups.count
                groups.append((name, []))
            }
            groups[position[name]!].findings.append(finding)
        }
        return groups
    }

    struct GroupScript: Encodable {
        var overview: String
        var opened: [String]
    }

    /// What a module page loads: every import and outgoing edge with its sites, the module's
    /// findings in full, and its neighbourhood drawings.
    struct ModuleScript: Encodable {
        struct Edge: Encodable {
            var to: String
            var declared, imported: Bool
            var evidence: [Location]
            /// What the module uses of `to`, most used first, and how many more (outgoing edges only).
            var symbols: [EdgeSymbol]?
            var moreSymbols: Int?
        }
        var imports: [ImportSite]
        var inactiveImports: [ImportSite]?
        var edges: [Edge]
        var dependents: [Edge]
        var findings: [Finding]
        /// Public declarations no other module uses, open classes never subclassed.
        var access: ModuleAccess?
        var graphs: [String?]
        /// The shortest paths to the modules this one depends on, by module index, nearest
        /// first, at most three per module (`Digraph.shortestPaths`); `pathsComplete` is
        /// false when they stop short of the farthest.
        var paths: [[Int]]
        var pathsComplete: Bool
    }

    /// The module scripts, `modulesPerScript` modules' in each file, a line each.
    /// - Parameter encode: the scripts' JSON (`JSONWriterTests` holds it to `JSONEncoder`'s).
    static func moduleScripts(
        graph: ModuleGraph, result: AnalysisResult, views: ReportViews, encode: (ModuleScript) throws -> Data = { try ReportJSON.compact($0) }
    ) throws -> [(String, Data)] {
        var findings: [String: [Finding]] = [:]
        for finding in result.findings { findings[finding.module, default: []].append(finding) }
        var access: [String: ModuleAccess] = [:]
        for entry in result.accessControl.modules { access[entry.module] = entry }
        let budget = PageGraph.budget(modules: graph.modules.count)
        let scripts = try Parallel.map(graph.modules.count) { index in
            let node = ModuleGraph.Node(index), module = graph[node].module
            let paths = graph.dependencyGraph.shortestPaths(from: index, limit: 3, budget: budget)
            func edge(_ pair: ModuleGraph.Edge, other: ModuleGraph.Node, symbols: Bool = false) -> ModuleScript.Edge {
                let edge = graph.edges[pair]!
                return ModuleScript.Edge(
                    to: graph.name(other), declared: edge.declared, imported: edge.imported, evidence: edge.evidence,
                    symbols: symbols ? edge.symbols : nil, moreSymbols: symbols ? edge.moreSymbols : nil)
            }
            let script = ModuleScript(
                imports: module.imports, inactiveImports: module.inactiveImports,
                edges: graph.successors(of: node).map { edge(ModuleGraph.Edge(node, $0), other: $0, symbols: true) },
                dependents: graph.predecessors(of: node).map { edge(ModuleGraph.Edge($0, node), other: $0) },
                findings: findings[module.name] ?? [], access: access[module.name],
                graphs: index < views.neighbourhoods.count ? views.neighbourhoods[index].map { $0.map(WebPage.inlineSVG) } : [],
                paths: paths.paths, pathsComplete: paths.complete)
            return try Self.script("strataModule", index, encode(script))
        }
        return stride(from: 0, to: scripts.count, by: modulesPerScript).map { first in
            ("data/modules-\(first / modulesPerScript).js", scripts[first..<min(first + modulesPerScript, scripts.count)].reduce(into: Data()) { $0.append($1) })
        }
    }

    /// `callback(key, "base64");` — a data script the page loads with a `<script>` element: the
    /// value's JSON deflated (`Deflate`, the same bytes on every machine) and in base64, about a
    /// sixth of the JSON's size; the page inflates it with the browser's `DecompressionStream`.
    static func script(_ callback: String, _ key: some Encodable, _ json: Data) throws -> Data {
        var data = Data((callback + "(").utf8)
        data.append(try ReportJSON.compact(key))
        data.append(contentsOf: ", \"".utf8)
        data.append(WebPage.base64Deflated(json))
        data.append(contentsOf: "\");\n".utf8)
        return data
    }

    /// The rule catalog the page's help lists: id, name, rationale and default severity.
    static let ruleCatalog: Data = {
        struct Entry: Encodable { var id, title, rationale, severity: String }
        let entries = RuleID.allCases.sorted().map {
            Entry(id: $0.rawValue, title: $0.title, rationale: $0.rationale, severity: $0.defaultSeverity?.rawValue ?? "off")
        }
        return (try? ReportJSON.compact(entries)) ?? Data("[]".utf8)
    }()

    public static func escapeHTML(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// JSON made safe inside `<script>`: `<`, `>` and `&` become `\u003c`, `\u003e` and
    /// `\u0026` (they only occur inside JSON strings), so no `</script>` or `<!--` can appear.
    public static func escapeForScript(_ json: Data) -> Data {
        let lessThan = Array(#"\u003c"#.utf8), greaterThan = Array(#"\u003e"#.utf8), ampersand = Array(#"\u0026"#.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(json.count + json.count / 16)
        json.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "<"): result += lessThan
                case UInt8(ascii: ">"): result += greaterThan
                case UInt8(ascii: "&"): result += ampersand
                default: result.append(byte)
                }
            }
        }
        return Data(result)
    }
}
