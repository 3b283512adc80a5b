import Foundation
import StrataModel

/// Why one module depends on another: the paths from `from` to `to` through imports,
/// declared dependencies and DI container edges (`ModuleGraph.paths`), shortest first, each
/// hop with its evidence, and the hops to remove to cut the dependency. `strata why` prints
/// it as text, JSON or Markdown; the report can list the same paths and hops.
public struct WhyReport: Sendable {
    /// One edge of a path and what makes it.
    public struct Hop: Sendable, Hashable, Encodable {
        public var from: String
        public var to: String
        /// The import statements of `from` that import `to`; empty when none does.
        public var imports: [Location]
        /// The manifest line that declares the dependency; nil when undeclared.
        public var declaration: Location?
        /// What `from` gets from `to` through a DI container, and where it resolves it; empty
        /// without a container edge.
        public var services: [String]
        public var resolutions: [Location]
        /// The edge is in an import cycle.
        public var cycle: Bool
        /// What `from` uses of `to`, most used first: what to move or abstract to cut the hop.
        public var symbols: [EdgeSymbol] = []
        /// Symbols used beyond those listed.
        public var moreSymbols: Int?

        /// Only a container joins the two modules.
        public var containerOnly: Bool { imports.isEmpty && declaration == nil }
        /// `→` for an import or a declaration, `⇢` for a container alone.
        public var arrow: String { containerOnly ? "⇢" : "→" }
        public var name: String { "\(from) \(arrow) \(to)" }
    }

    public var from: String
    public var to: String
    /// The paths shown, as module names, shortest first (then by name).
    public var paths: [[String]]
    /// How many paths there are: exactly this many when `countIsExact`, else at least.
    public var pathCount: Int
    public var countIsExact: Bool
    /// Every hop of the paths shown, in order of first appearance.
    public var hops: [Hop]
    /// Hops each on every path, shown or not: removing any one of them removes the dependency.
    public var cuts: [Hop]
    /// When no single hop is on every path: the fewest hops whose removal together removes
    /// the dependency (a minimum cut). Empty otherwise.
    public var minimumCut: [Hop]
    /// `to` depends on `from` (the other way round).
    public var reverse: Bool
    /// Where the report is printed: text prefixes paths with `root` (the PATH argument);
    /// Markdown turns `file:line` into links under `linkBase`.
    public var root = "."
    public var linkBase: String?

    public var dependsOn: Bool { !paths.isEmpty }

    /// Paths counted past `limit` to say how many were left out; beyond this, "at least".
    static let countLimit = 1_000

    /// - Parameter marks: the edges in cycles (each hop says whether it is in one).
    public init(graph: ModuleGraph, marks: GraphMarks, from: ModuleGraph.Node, to: ModuleGraph.Node, limit: Int = 20) {
        self.from = graph.name(from)
        self.to = graph.name(to)
        let forward = graph.digraph(injection: true)
        var found = graph.paths(from: from, to: to, limit: max(limit, 1))
        // The search gave up on a dense graph before the shortest path: take one breadth first.
        if found.paths.isEmpty, !found.complete, let path = forward.shortestPath(from: from.index, to: to.index) {
            found.paths = [path.map(ModuleGraph.Node.init)]
        }
        var counted = found
        if !found.complete, limit < Self.countLimit { counted = graph.paths(from: from, to: to, limit: Self.countLimit) }
        paths = found.paths.map { $0.map(graph.name) }
        pathCount = max(counted.paths.count, found.paths.count + (found.complete ? 0 : 1))
        countIsExact = counted.complete
        var pairs: [ModuleGraph.Edge] = []
        var seen = Set<ModuleGraph.Edge>()
        for path in found.paths {
            for (a, b) in zip(path, path.dropFirst()) where seen.insert(ModuleGraph.Edge(a, b)).inserted { pairs.append(ModuleGraph.Edge(a, b)) }
        }
        hops = pairs.map { Self.hop(graph, marks, $0) }
        reverse = forward.reaches(from: to.index, to: from.index)

        // A hop on every path shown is a candidate; it cuts when `to` is out of reach without it
        // (checked on the whole graph, so paths not shown count too).
        var common = seen
        for path in found.paths { common.formIntersection(zip(path, path.dropFirst()).map(ModuleGraph.Edge.init)) }
        let cutPairs = pairs.filter { common.contains($0) && !forward.reaches(from: from.index, to: to.index, without: [$0.pair]) }
        cuts = cutPairs.map { Self.hop(graph, marks, $0) }
        minimumCut = cutPairs.isEmpty && !found.paths.isEmpty
            ? forward.minimumCut(from: from.index, to: to.index).map { Self.hop(graph, marks, ModuleGraph.Edge($0)) } : []
    }

    /// The hop from one module to another, with its import sites, declaration and container
    /// resolutions.
    public static func hop(_ graph: ModuleGraph, _ marks: GraphMarks, _ pair: ModuleGraph.Edge) -> Hop {
        let edge = graph.edges[pair], injection = graph.injectionEdges[pair]
        let from = graph.name(pair.from), to = graph.name(pair.to)
        let declaration = edge?.declared == true
            ? graph[pair.from].module.declarationLines(of: to).first ?? graph[pair.from].module.manifest
            : nil
        return Hop(
            from: from, to: to, imports: edge?.imported == true ? edge!.evidence : [], declaration: declaration,
            services: injection?.services ?? [], resolutions: injection?.evidence ?? [], cycle: marks.cycleEdges.contains(pair),
            symbols: edge?.symbols ?? [], moreSymbols: edge?.moreSymbols)
    }

    /// How many symbols a hop's "move or abstract" line names.
    public static let symbolsShown = 8

    /// "To cut A → B, move or abstract: X (12 sites), Y (3)" for each hop to cut that uses
    /// symbols: what the change has to touch.
    func symbolLines(_ escape: (String) -> String) -> [String] {
        (cuts.isEmpty ? minimumCut : cuts).filter { !$0.symbols.isEmpty }.map { hop in
            "To cut \(escape(hop.from)) \(hop.arrow) \(escape(hop.to)), move or abstract: "
                + EdgeSymbol.list(hop.symbols, limit: Self.symbolsShown, more: hop.moreSymbols, escape: escape)
        }
    }

    // MARK: Text

    /// How many sites a hop lists in text and Markdown (JSON lists them all).
    public static let sitesShown = 5

    /// For the terminal: paths relative to where strata was run (`root`, the PATH argument),
    /// as `strata check` prints them.
    public func text(root: String) -> String {
        let lines = FindingLines(root: root)
        guard dependsOn else { return notDepending { $0 } + "\n" }
        var out = [heading { $0 }]
        var described: [Hop: Int] = [:]
        for (number, path) in paths.enumerated() {
            out += ["", "\(number + 1). " + pathLine(path) { $0 }]
            for hop in hopsOf(path) {
                if let first = described[hop] {
                    out.append("   \(hop.name): see path \(first)")
                    continue
                }
                described[hop] = number + 1
                for (line, sites) in describe(hop, escape: { $0 }, place: lines.place) {
                    out.append("   " + line)
                    out += shortened(sites).map { site, more in "     " + (site.map(lines.place) ?? more) }
                }
            }
        }
        out += ["", conclusion { $0.name }] + symbolLines { $0 }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    /// For a pull-request comment: everything from the repository escaped; `linkBase`
    /// (`https://github.com/OWNER/REPO/blob/SHA`) turns `file:line` into links.
    public func markdown(linkBase: String? = nil) -> String {
        let escape = Markdown.escape, link = { (location: Location) in DiffMarkdown.link(location, base: linkBase) }
        var out = ["### Why \(escape(from)) depends on \(escape(to))", ""]
        guard dependsOn else { return (out + [notDepending(escape), ""]).joined(separator: "\n") }
        out += [heading(escape)]
        var described: [Hop: Int] = [:]
        for (number, path) in paths.enumerated() {
            out += ["", "**\(number + 1).** " + pathLine(path, escape), ""]
            for hop in hopsOf(path) {
                if let first = described[hop] {
                    out.append("- \(escape(hop.from)) \(hop.arrow) \(escape(hop.to)): see path \(first)")
                    continue
                }
                described[hop] = number + 1
                for (line, sites) in describe(hop, escape: escape, place: link) {
                    let places = shortened(sites).map { site, more in site.map(link) ?? more }
                    out.append("- " + line + (places.isEmpty ? "" : " — " + places.joined(separator: ", ")))
                }
            }
        }
        out += ["", "**" + conclusion { "\(escape($0.from)) \($0.arrow) \(escape($0.to))" } + "**"]
        out += symbolLines(escape).map { "- " + $0 } + [""]
        return out.joined(separator: "\n")
    }

    // MARK: JSON

    /// `strata why --format json` (`schemaVersion` 1, described in docs/graph.md).
    public func json() throws -> Data {
        struct Pair: Encodable { var from: String, to: String }
        struct Document: Encodable {
            var schemaVersion = 1
            var from: String, to: String, dependsOn: Bool, reverse: Bool
            var paths: [[String]], pathCount: Int, pathCountIsExact: Bool
            var hops: [Hop], cuts: [Pair], minimumCut: [Pair]
        }
        return try ReportJSON.document(Document(
            from: from, to: to, dependsOn: dependsOn, reverse: reverse, paths: paths, pathCount: pathCount,
            pathCountIsExact: countIsExact, hops: hops, cuts: cuts.map { Pair(from: $0.from, to: $0.to) },
            minimumCut: minimumCut.map { Pair(from: $0.from, to: $0.to) }))
    }

    /// `strata why --format`: the registry of the report's renderings.
    public enum Format: String, ReportFormat {
        case text, json, md

        public var reporter: any Reporter<WhyReport> {
            switch self {
            case .text: FileReporter.printed { $0.text(root: $0.root) }
            case .json: FileReporter(fileName: "-") { try $0.json() }
            case .md: FileReporter.printed { $0.markdown(linkBase: $0.linkBase) }
            }
        }
    }

    // MARK: Wording shared by text and Markdown

    /// "A does not depend on B; B depends on A" or "…, nor B on A".
    func notDepending(_ escape: (String) -> String) -> String {
        let (a, b) = (escape(from), escape(to))
        return "\(a) does not depend on \(b)" + (reverse ? "; \(b) depends on \(a)" : ", nor \(b) on \(a)") + "."
    }

    /// "A depends on B through 2 paths, shortest first." or, when some are not shown,
    /// "… through 143 paths; the 20 shortest are shown (--limit N shows more)."
    func heading(_ escape: (String) -> String) -> String {
        let count = "\(countIsExact ? "" : "at least ")\(pathCount) path\(pathCount == 1 ? "" : "s")"
        let start = "\(escape(from)) depends on \(escape(to)) through \(count)"
        if paths.count == pathCount { return start + (pathCount == 1 ? "." : ", shortest first.") }
        return start + (paths.count == 1 ? "; the shortest is shown" : "; the \(paths.count) shortest are shown") + " (--limit N shows more)."
    }

    func hopsOf(_ path: [String]) -> [Hop] {
        zip(path, path.dropFirst()).map { a, b in hops.first { $0.from == a && $0.to == b }! }
    }

    /// `A → B ⇢ C`: `⇢` where only a container joins two modules.
    func pathLine(_ path: [String], _ escape: (String) -> String) -> String {
        let hops = hopsOf(path)
        return path.indices.map { $0 == 0 ? escape(path[0]) : "\(hops[$0 - 1].arrow) \(escape(path[$0]))" }.joined(separator: " ")
    }

    /// What makes a hop, one line per reason with its sites: imports (or a declaration never
    /// imported), and a container.
    func describe(_ hop: Hop, escape: (String) -> String, place: (Location) -> String) -> [(String, [Location])] {
        let name = "\(escape(hop.from)) \(hop.arrow) \(escape(hop.to))"
        let cycle = hop.cycle ? " (in an import cycle)" : ""
        var lines: [(String, [Location])] = []
        if !hop.imports.isEmpty {
            let count = hop.imports.count == 1 ? "1 import" : "\(hop.imports.count) imports"
            lines.append(("\(name): \(count)\(hop.declaration == nil ? ", undeclared" : "")\(cycle)", hop.imports))
        } else if let declaration = hop.declaration {
            lines.append(("\(name): declared in \(place(declaration)), never imported\(cycle)", []))
        }
        if !hop.services.isEmpty {
            let services = hop.services.map(escape).joined(separator: ", ")
            lines.append(("\(name): \(hop.containerOnly ? "" : "also ")through the container: gets \(services) from \(escape(hop.to))", hop.resolutions))
        }
        return lines
    }

    /// At most `sitesShown` sites, then a line counting the rest.
    func shortened(_ sites: [Location]) -> [(site: Location?, more: String)] {
        var lines: [(site: Location?, more: String)] = sites.prefix(Self.sitesShown).map { ($0, "") }
        if sites.count > Self.sitesShown { lines.append((nil, "(+\(sites.count - Self.sitesShown) more)")) }
        return lines
    }

    /// The closing line: which hops to remove to remove the dependency.
    func conclusion(_ name: (Hop) -> String) -> String {
        func change(_ hop: Hop) -> String {
            var parts: [String] = []
            if !hop.imports.isEmpty { parts.append(hop.imports.count == 1 ? "1 import" : "\(hop.imports.count) imports") }
            if hop.declaration != nil { parts.append("the declaration") }
            if !hop.services.isEmpty { parts.append(hop.resolutions.count == 1 ? "1 resolution" : "\(hop.resolutions.count) resolutions") }
            return "\(name(hop)) (\(parts.joined(separator: ", ")))"
        }
        if cuts.isEmpty {
            return "No single hop is on every path; the fewest to remove together: \(minimumCut.map(change).joined(separator: "; "))."
        }
        let list = cuts.count == 1 ? change(cuts[0]) : cuts.dropLast().map(change).joined(separator: ", ") + " and " + change(cuts.last!)
        let which = cuts.count == 1 ? "removing it" : cuts.count == 2 ? "removing either" : "removing any one"
        return "Every path goes through \(list): \(which) removes the dependency."
    }
}
