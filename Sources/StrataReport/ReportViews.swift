import Foundation
import StrataGraphviz
import StrataModel
import StrataSourceTree

/// Every drawing the report shows, laid out by Graphviz when the report is written (the
/// page has no graph library): the overview, each group opened into its modules, and each
/// module's neighbourhood at depths 1 to `maximumDepth` (within `limits`).
///
/// Small repositories get the whole graph as their overview; past `collapseAbove` modules
/// the overview is one node per layer (or per package when there are no layers), and each
/// group opens into its own drawing. A grouping whose groups hold fewer than two modules on
/// average groups nothing (a Bazel workspace's packages, a BUILD file each) and is not drawn.
public struct ReportViews: Sendable {
    /// Above this many production modules the overview is collapsed into groups.
    public static let collapseAbove = 40
    /// Neighbourhood depths the page offers for every module, at most.
    public static let maximumDepth = 3
    /// Past this many modules the report draws no neighbourhoods (`strata graph --focus`
    /// draws any on demand).
    public static let drawingBudget = 1_500
    /// Every wider neighbourhood (2 and 3 hops) of a depth is drawn while that depth's
    /// drawings hold at most this many modules together; past it (a large or dense
    /// graph, where each is a Graphviz layout of tens of modules, about 5 ms, and
    /// together they would cost more than the scan) only those of at most
    /// `smallNeighbourhood` modules are. The page gives the others' size and the
    /// `strata graph` command that draws them.
    public static let widerBudget = 1_000
    /// The wider neighbourhoods drawn in a large graph, at most.
    public static let smallNeighbourhood = 12

    /// By depth - 1, the most modules a neighbourhood drawing of that depth may have:
    /// `largestNeighbourhood` at one hop; at more, the same while the depth's new drawings
    /// (unlike the depth before and within that limit) hold at most `widerBudget` modules
    /// together, else `smallNeighbourhood` (for that depth and those beyond).
    /// - Parameter members: by module, by depth - 1, the modules of the neighbourhood.
    public static func limits<Member: Equatable>(members: [[[Member]]]) -> [Int] {
        guard let levels = members.first?.count, levels > 0 else { return [] }
        var limits = [largestNeighbourhood]
        for depth in 1..<levels {
            let total = members.reduce(0) { sum, byDepth in
                let shown = byDepth[depth]
                return shown.count <= largestNeighbourhood && shown != byDepth[depth - 1] ? sum + shown.count : sum
            }
            limits.append(total <= widerBudget && limits[depth - 1] == largestNeighbourhood ? largestNeighbourhood : smallNeighbourhood)
        }
        return limits
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
    /// By module index, by depth - 1: the SVG, or nil when it has more modules than
    /// `limits` allows or the same modules as the depth before.
    public var neighbourhoods: [[String?]]
    /// By module index, by depth - 1: how many modules the neighbourhood has.
    public var neighbourhoodSizes: [[Int]]
    /// The depths whose sizes are known (`maximumDepth`, or 0 past `drawingBudget` modules).
    public var depths: Int
    /// By depth - 1: the most modules a drawing has (`limits(members:)`).
    public var limits: [Int]
    /// The whole graph (`graph.svg`; the overview of small repositories).
    public var full: String

    /// - Parameter layout: every drawing at once (their DOT made only when needed), DOT to
    ///   SVG (Graphviz, possibly cached, written by `CompactSVG`), nil
    ///   for a drawing Graphviz failed on: an overview or opened group is then a note in
    ///   place of the drawing, a neighbourhood is not drawn.
    static func make(graph: ModuleGraph, marks: GraphMarks, full: GraphvizLayout.Job, layout: ([GraphvizLayout.Job]) -> [String?]) -> ReportViews {
        // The drawings first, so that Graphviz lays them out in one batch (in parallel).
        var jobs: [GraphvizLayout.Job] = [full]
        var groupingJobs: [(kind: ModuleGraph.Grouping, groups: [ModuleGraph.Group], overview: Int, opened: Range<Int>)] = []
        for kind in ModuleGraph.Grouping.allCases {
            let groups = graph.groups(kind)
            guard groups.count > 1, graph.modules.count > collapseAbove, groups.count * 2 <= graph.modules.count else { continue }
            let overview = jobs.count
            jobs.append(.init(name: "the \(kind.rawValue) overview") { GraphDrawing.collapsed(graph, marks: marks, groups: groups).dot })
            for (index, group) in groups.enumerated() {
                jobs.append(.init(name: "the \(kind.rawValue) drawing with \(group.name) opened") {
                    var drawing = GraphDrawing.opened(graph, marks: marks, groups: groups, open: index)
                    drawing.leavesOutImpliedEdges = true
                    return drawing.dot
                })
            }
            groupingJobs.append((kind, groups, overview, (overview + 1)..<jobs.count))
        }
        let depths = graph.modules.count <= drawingBudget ? maximumDepth : 0
        let drawings = depths == 0 ? [] : graph.nodes.map { module in
            (1...depths).map { depth in
                var drawing = GraphDrawing.neighbourhood(graph, marks: marks, focus: [module], depth: depth)
                drawing.leavesOutImpliedEdges = true
                return drawing
            }
        }
        let limits = Self.limits(members: drawings.map { $0.map(\.shown) })
        var neighbourhoodJobs: [[Int?]] = []
        for (module, byDepth) in drawings.enumerated() {
            var drawn: [Int?] = []
            for (level, drawing) in byDepth.enumerated() {
                let members = drawing.shown
                if members.count <= limits[level] && (level == 0 || members != byDepth[level - 1].shown) {
                    drawn.append(jobs.count)
                    jobs.append(.init(name: "the neighbourhood of \(graph.name(.init(module))) at depth \(level + 1)") { drawing.dot })
                } else {
                    drawn.append(nil)
                }
            }
            neighbourhoodJobs.append(drawn)
        }
        let sizes = drawings.map { $0.map(\.shown.count) }
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
            neighbourhoods: neighbourhoodJobs.map { $0.map { $0.flatMap { svgs[$0] } } }, neighbourhoodSizes: sizes, depths: depths, limits: limits,
            full: full)
    }

    /// What stands in for a drawing Graphviz failed on (the run's warnings say which and why).
    public static let notDrawn = """
        <svg xmlns="http://www.w3.org/2000/svg" width="520" height="40" viewBox="0 0 520 40" class="not-drawn">
        <text x="8" y="24" font-family="Helvetica,Arial,sans-serif" font-size="13" fill="#4b5563">Not drawn: Graphviz failed on this drawing (the run's warnings say why).</text>
        </svg>

        """
}
