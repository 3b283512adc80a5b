import Foundation
import StrataGraphviz
import StrataModel
import StrataSourceTree

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
    /// The whole graph (`graph.svg`; the overview of small repositories).
    public var full: String

    /// - Parameter layout: every drawing at once (their DOT made only when needed), DOT to
    ///   SVG (Graphviz, possibly cached), nil
    ///   for a drawing Graphviz failed on: an overview or opened group is then a note in
    ///   place of the drawing, a neighbourhood is not drawn.
    static func make(graph: ModuleGraph, full: GraphvizLayout.Job, layout: ([GraphvizLayout.Job]) -> [String?]) -> ReportViews {
        // The drawings first, so that Graphviz lays them out in one batch (in parallel).
        var jobs: [GraphvizLayout.Job] = [full]
        var groupingJobs: [(kind: ModuleGraph.Grouping, groups: [ModuleGraph.Group], overview: Int, opened: Range<Int>)] = []
        for kind in ModuleGraph.Grouping.allCases {
            let groups = graph.groups(kind)
            guard groups.count > 1, graph.modules.count > collapseAbove else { continue }
            let overview = jobs.count
            jobs.append(.init(name: "the \(kind.rawValue) overview") { GraphDrawing.collapsed(graph, groups: groups).dot })
            for (index, group) in groups.enumerated() {
                jobs.append(.init(name: "the \(kind.rawValue) drawing with \(group.name) opened") { GraphDrawing.opened(graph, groups: groups, open: index).dot })
            }
            groupingJobs.append((kind, groups, overview, (overview + 1)..<jobs.count))
        }
        var neighbourhoodJobs: [[Int?]] = []
        var sizes: [[Int]] = []
        let depths = Self.depths(modules: graph.modules.count)
        for module in graph.modules.indices where depths > 0 {
            var drawings: [Int?] = [], counts: [Int] = []
            var previous: [Int] = []
            for depth in 1...depths {
                let drawing = GraphDrawing.neighbourhood(graph, focus: [module], depth: depth)
                let members = drawing.shown
                counts.append(members.count)
                if members.count <= largestNeighbourhood && members != previous {
                    drawings.append(jobs.count)
                    jobs.append(.init(name: "the neighbourhood of \(graph.name(module)) at depth \(depth)") { drawing.dot })
                } else {
                    drawings.append(nil)
                }
                previous = members
            }
            neighbourhoodJobs.append(drawings)
            sizes.append(counts)
        }
        let svgs = layout(jobs)
        let full = svgs[0] ?? notDrawn
        let groupings = groupingJobs.map { entry in
            Grouping(
                kind: entry.kind, groups: entry.groups, overview: svgs[entry.overview] ?? notDrawn,
                opened: entry.opened.map { svgs[$0] ?? notDrawn })
        }
        let first = groupings.first
        return ReportViews(
            overviewGrouping: first?.kind, overview: first?.overview ?? full, groupings: groupings,
            neighbourhoods: neighbourhoodJobs.map { $0.map { $0.flatMap { svgs[$0] } } }, neighbourhoodSizes: sizes, depths: depths,
            full: full)
    }

    /// What stands in for a drawing Graphviz failed on (the run's warnings say which and why).
    public static let notDrawn = """
        <svg xmlns="http://www.w3.org/2000/svg" width="520" height="40" viewBox="0 0 520 40" class="not-drawn">
        <text x="8" y="24" font-family="Helvetica,Arial,sans-serif" font-size="13" fill="#4b5563">Not drawn: Graphviz failed on this drawing (the run's warnings say why).</text>
        </svg>

        """
}
