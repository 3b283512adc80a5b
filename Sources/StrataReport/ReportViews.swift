import Foundation
import StrataModel

/// Every drawing the report shows, laid out by Graphviz when the report is written (the
/// page has no graph library): the overview, each group opened into its modules, and each
/// module's neighbourhood at depths 1 to `depths`.
///
/// Small repositories get the whole graph as their overview; past `collapseAbove` modules
/// the overview is one node per layer (or per package when there are no layers), and each
/// group opens into its own drawing.
public struct ReportViews: Sendable {
    /// Above this many production modules the overview is collapsed into groups.
    public static let collapseAbove = 40
    /// Neighbourhood depths drawn for every module, at most.
    public static let maximumDepth = 3
    /// Neighbourhood drawings a report makes at most: past 500 modules fewer depths are
    /// drawn, past 1,500 none (`strata graph --focus` draws any on demand). Each is a
    /// Graphviz call of a few milliseconds.
    public static let drawingBudget = 1_500

    /// The depths drawn for a repository of this many modules.
    public static func depths(modules: Int) -> Int {
        modules == 0 ? maximumDepth : min(maximumDepth, drawingBudget / modules)
    }
    /// A neighbourhood with more modules than this is not drawn (the page says so).
    public static let largestNeighbourhood = 150

    public struct Grouping: Sendable {
        public var kind: ModuleGraph.Grouping
        public var groups: [ModuleGraph.Group]
        /// One node per group.
        public var overview: String
        /// Each group opened, the others collapsed; by group index.
        public var opened: [String]
    }

    /// Nil when the overview is the whole graph.
    public var overviewGrouping: ModuleGraph.Grouping?
    /// The first drawing of the page.
    public var overview: String
    /// Layers (when there are two or more) and packages (when there are two or more).
    public var groupings: [Grouping]
    /// By module index, by depth - 1: the SVG, or nil when that depth is too large to draw
    /// or draws the same modules as the depth before.
    public var neighbourhoods: [[String?]]
    /// By module index, by depth - 1: how many modules the neighbourhood has.
    public var neighbourhoodSizes: [[Int]]
    /// The depths drawn (`depths(modules:)`).
    public var depths: Int

    /// - Parameter layout: DOT to SVG (Graphviz, possibly cached).
    static func make(graph: ModuleGraph, full: String, layout: (String) throws -> String) throws -> ReportViews {
        var groupings: [Grouping] = []
        for kind in ModuleGraph.Grouping.allCases {
            let groups = graph.groups(kind)
            guard groups.count > 1, graph.modules.count > collapseAbove else { continue }
            let overview = try layout(GraphDrawing.collapsed(graph, groups: groups).dot)
            let opened = try groups.indices.map { try layout(GraphDrawing.opened(graph, groups: groups, open: $0).dot) }
            groupings.append(Grouping(kind: kind, groups: groups, overview: overview, opened: opened))
        }
        var neighbourhoods: [[String?]] = []
        var sizes: [[Int]] = []
        let depths = Self.depths(modules: graph.modules.count)
        for module in graph.modules.indices where depths > 0 {
            var drawings: [String?] = [], counts: [Int] = []
            var previous: [Int] = []
            for depth in 1...depths {
                let drawing = GraphDrawing.neighbourhood(graph, focus: [module], depth: depth)
                let members = drawing.shown
                counts.append(members.count)
                let drawn = members.count <= largestNeighbourhood && members != previous
                drawings.append(drawn ? try layout(drawing.dot) : nil)
                previous = members
            }
            neighbourhoods.append(drawings)
            sizes.append(counts)
        }
        let first = groupings.first
        return ReportViews(
            overviewGrouping: first?.kind, overview: first?.overview ?? full, groupings: groupings,
            neighbourhoods: neighbourhoods, neighbourhoodSizes: sizes, depths: depths)
    }
}

/// Graphviz layouts kept between runs in a folder, one file per drawing named by the hash of
/// its engine and DOT text: an unchanged repository skips Graphviz, and a changed one lays
/// out only the drawings that changed. Files not used by the last run are removed.
final class LayoutCache: @unchecked Sendable {
    let folder: String
    private var used = Set<String>()
    private let lock = NSLock()

    init(folder: String) {
        self.folder = folder
    }

    func svg(dot: String, engine: String, layout: () throws -> String) throws -> String {
        let key = ContentHash(Array((engine + "\n" + dot).utf8)).description + ".svg"
        let path = folder + "/" + key
        lock.withLock { _ = used.insert(key) }
        if let cached = FileManager.default.contents(atPath: path) { return String(decoding: cached, as: UTF8.self) }
        let svg = try layout()
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data(svg.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return svg
    }

    /// Removes the layouts this run did not use.
    func prune() {
        let used = lock.withLock { self.used }
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !used.contains(file) {
            try? FileManager.default.removeItem(atPath: folder + "/" + file)
        }
    }
}
