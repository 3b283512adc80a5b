import Foundation
import StrataGraphviz
import StrataModel
import StrataSourceTree

/// The result being reported, with what several reporters share computed once: the JSON
/// encoding (the JSON file and the HTML page both embed it) and the graph's SVG.
///
/// `prepare(for:)` computes both at once on two cores; after it, reporters only read.
public final class ReportDocument: @unchecked Sendable {
    public let result: AnalysisResult
    /// Where Graphviz layouts are kept between runs; nil disables it.
    public let layouts: LayoutCache?
    /// Whether this document saves `layouts` (else whoever shares it does).
    private var savesLayouts = false

    /// How the result's JSON is known or kept between runs (the caller's result cache).
    public struct KnownJSON: Sendable {
        /// The digest of the inputs that produced the result: the layouts of the last run of
        /// the same inputs are found by it, without making their DOT.
        public var inputDigest: String
        /// The result's `strata.json` bytes when the caller has them (read from its cache).
        public var bytes: Data?
        /// Keeps the bytes encoded here for the next run; nil keeps nothing.
        public var keep: (@Sendable (Data) throws(AtomicFile.Failure) -> Void)?

        public init(inputDigest: String, bytes: Data?, keep: (@Sendable (Data) throws(AtomicFile.Failure) -> Void)?) {
            self.inputDigest = inputDigest
            self.bytes = bytes
            self.keep = keep
        }
    }

    let known: KnownJSON?

    /// - Parameter layoutCache: the file of Graphviz layouts (`LayoutCache`); nil lays out
    ///   every time.
    public convenience init(result: AnalysisResult, layoutCache: String? = nil, known: KnownJSON? = nil) {
        self.init(result: result, layouts: layoutCache.map(LayoutCache.init(file:)), known: known)
        savesLayouts = true
    }

    /// - Parameter layouts: the layout cache, shared with other drawings of the run (the diff
    ///   graph) and saved by the caller when they are made; nil lays out every time.
    public init(result: AnalysisResult, layouts: LayoutCache?, known: KnownJSON? = nil) {
        self.result = result
        self.layouts = layouts
        self.known = known
    }

    public private(set) lazy var json: Result<Data, any Error> = Result { try encodeJSON() }

    public private(set) lazy var dot: String = GraphDrawing.full(graph).dot

    /// The whole graph (the overview of small repositories, `graph.svg`), laid out with the
    /// other drawings (`views`).
    public var svg: Result<String, any Error> { views.map(\.full) }

    /// The production graph, as the report's views and queries read it.
    public private(set) lazy var graph = ModuleGraph(result)

    /// The report's drawings: overview, opened groups, neighbourhoods (`ReportViews`), laid
    /// out in one batch with the DI graph (all cores busy to the end).
    public private(set) lazy var views: Result<ReportViews, any Error> = Result {
        let full = GraphvizLayout.Job(name: "the module graph") { self.dot }
        // The DI graph has a budget of its own (`InjectionGraph.limit` registrations), within
        // which dot is faster than sfdp (a 1,079-node DI graph: 1.3 s, sfdp 3.4 s).
        let injection = injectionDOT.map { GraphvizLayout.Job(name: "the DI graph", dot: $0, engine: "dot") }
        // An unchanged repository (the same inputs as the cached result's) finds its layouts
        // without making their DOT.
        let inputs = known?.inputDigest
        let views = ReportViews.make(graph: graph, full: full) { jobs in
            let all = jobs + (injection.map { [$0] } ?? [])
            let svgs = GraphvizLayout.draw(all, cache: layouts, inputs: inputs) { self.tell($0) }
            if injection != nil { injectionLaidOut = svgs.last! ?? ReportViews.notDrawn }
            return Array(svgs.prefix(jobs.count))
        }
        if savesLayouts, let failure = layouts?.save() { cacheNotWritten(failure) }
        return views
    }

    /// The DI graph (`InjectionGraph`) and its SVG; nil when there is nothing to draw.
    public private(set) lazy var injectionDOT: String? = InjectionGraph.render(result.injection)
    public var injectionSVG: Result<String?, any Error> { views.map { _ in injectionLaidOut } }
    private var injectionLaidOut: String?

    /// What writing the report had to say besides the result: drawings Graphviz failed on
    /// (warnings) and damaged cache files (notes), one line each, in the order they happened.
    public var messages: [String] { lock.withLock { recorded } }
    private var recorded: [String] = []
    private let lock = NSLock()

    private var cacheWriteFailed = false

    private func tell(_ message: String) { lock.withLock { recorded.append(message) } }

    /// The first cache file that could not be written, once: the run is only slower.
    private func cacheNotWritten(_ failure: AtomicFile.Failure) {
        let first = lock.withLock {
            defer { cacheWriteFailed = true }
            return !cacheWriteFailed
        }
        if first { tell("warning: \(failure.description); the cache is not kept") }
    }

    /// Encodes the JSON and lays out the drawings in parallel when the formats need both
    /// (the HTML page embeds both).
    public func prepare(for formats: [OutputFormat]) {
        guard formats.contains(.html) else { return }
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 { _ = self.json } else { _ = self.views }
        }
    }

    private func encodeJSON() throws -> Data {
        if let bytes = known?.bytes { return bytes }
        let json = try JSONReporter.encode(result)
        do throws(AtomicFile.Failure) {
            try known?.keep?(json)
        } catch {
            cacheNotWritten(error)
        }
        return json
    }
}
