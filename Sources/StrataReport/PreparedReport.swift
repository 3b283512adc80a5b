import Foundation
import StrataGraphviz
import StrataModel
import StrataSourceTree

/// The result being reported, with what several reporters share computed once before any of
/// them runs: the JSON encoding (the JSON file and the HTML page both embed it) and the
/// drawings laid out (the report's views, the DI graph). A value: reporters only read it.
/// `prepare(_:for:layouts:known:)` makes it for the formats asked for, with the layouts done
/// and the caches saved.
public struct PreparedReport: Sendable {
    public let result: AnalysisResult
    /// The production graph, as the report's views and queries read it, and what its
    /// drawings mark.
    public let graph: ModuleGraph
    public let marks: GraphMarks
    /// `strata.json`'s bytes; prepared for json and html.
    public let json: Result<Data, any Error>
    /// The report's drawings: overview, opened groups, neighbourhoods; prepared for html.
    public let views: Result<ReportViews, any Error>
    /// The DI graph's SVG, nil when there is nothing to draw; prepared for html.
    public let injectionSVG: Result<String?, any Error>
    /// What preparing had to say besides the result: drawings Graphviz failed on
    /// (warnings), damaged or unwritten cache files, one line each. Asking waits for the
    /// layouts' cache file, which is written meanwhile.
    public var messages: [String] {
        // The first cache file that could not be written, once: the run is only slower.
        let unwritten = [unwrittenJSON, layoutsSaved?.value].compactMap { $0 }.first
        return drawingMessages + (unwritten.map { ["warning: \($0.description); the cache is not kept"] } ?? [])
    }
    private let drawingMessages: [String]
    private let unwrittenJSON: AtomicFile.Failure?
    /// The layouts' cache file being written while the report's files are made.
    private let layoutsSaved: Pending<AtomicFile.Failure?>?

    /// The whole graph (`graph.dot`).
    public var dot: String { GraphDrawing.full(graph, marks: marks).dot }

    /// The whole graph laid out (the overview of small repositories, `graph.svg`).
    public var svg: Result<String, any Error> { views.map(\.full) }

    /// The DI graph (`InjectionGraph`); nil when there is nothing to draw.
    public var injectionDOT: String? { InjectionGraph.render(result.injection, names: result.moduleNames) }

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

    /// What a format reads but was not prepared for.
    public struct NotPrepared: Error, CustomStringConvertible {
        public var description: String
    }

    /// The report of `result` for these formats: the JSON encoded (and kept) and the drawings
    /// laid out side by side when the formats need both (the HTML page embeds both).
    /// - Parameters:
    ///   - layouts: where Graphviz layouts are kept between runs; nil lays out every time.
    ///   - savesLayouts: whether this report saves `layouts` (else whoever shares it does:
    ///     the diff graph joins HEAD's report's).
    ///   - known: the result's JSON from the caller's cache, and how to keep it there.
    public static func prepare(
        _ result: AnalysisResult, for formats: [OutputFormat], layouts: LayoutCache? = nil, savesLayouts: Bool = false,
        known: KnownJSON? = nil
    ) -> PreparedReport {
        let graph = ModuleGraph(result), marks = GraphMarks(result, graph: graph)
        let needsJSON = formats.contains(.json) || formats.contains(.html), needsViews = formats.contains(.html)
        let (encoded, drawn) = Parallel.both(
            { needsJSON ? encode(result, known: known) : (.failure(NotPrepared(description: "strata.json was not prepared")), nil) },
            {
                needsViews ? draw(result, graph: graph, marks: marks, layouts: layouts, savesLayouts: savesLayouts, inputs: known?.inputDigest)
                    : (.failure(NotPrepared(description: "the drawings were not prepared")), .success(nil), [], nil)
            })
        return PreparedReport(
            result: result, graph: graph, marks: marks, json: encoded.json, views: drawn.views, injectionSVG: drawn.injection,
            drawingMessages: drawn.messages, unwrittenJSON: encoded.unwritten, layoutsSaved: drawn.saved)
    }

    /// The result's JSON: the known bytes, else encoded and kept.
    private static func encode(_ result: AnalysisResult, known: KnownJSON?) -> (json: Result<Data, any Error>, unwritten: AtomicFile.Failure?) {
        if let bytes = known?.bytes { return (.success(bytes), nil) }
        let json = Result { try JSONReporter.encode(result) }
        guard let bytes = try? json.get() else { return (json, nil) }
        do throws(AtomicFile.Failure) {
            try known?.keep?(bytes)
            return (json, nil)
        } catch {
            return (json, error)
        }
    }

    /// The report's drawings, laid out in one batch with the DI graph (all cores busy to the
    /// end), and what Graphviz and the layout cache had to say.
    private static func draw(
        _ result: AnalysisResult, graph: ModuleGraph, marks: GraphMarks, layouts: LayoutCache?, savesLayouts: Bool, inputs: String?
    ) -> (views: Result<ReportViews, any Error>, injection: Result<String?, any Error>, messages: [String], saved: Pending<AtomicFile.Failure?>?) {
        let full = GraphvizLayout.Job(name: "the module graph") { GraphDrawing.full(graph, marks: marks).dot }
        // The DI graph has a budget of its own (`InjectionGraph.limit` registrations), within
        // which dot is faster than sfdp (a 1,079-node DI graph: 1.3 s, sfdp 3.4 s).
        let injection = InjectionGraph.render(result.injection, names: result.moduleNames).map { GraphvizLayout.Job(name: "the DI graph", dot: $0, engine: "dot") }
        var messages: [String] = []
        var injectionSVG: String?
        // An unchanged repository (the same inputs as the cached result's) finds its layouts
        // without making their DOT.
        let views = ReportViews.make(graph: graph, marks: marks, full: full) { jobs in
            let all = jobs + (injection.map { [$0] } ?? [])
            let svgs = GraphvizLayout.draw(all, cache: layouts, inputs: inputs) { messages.append($0) }
            if injection != nil { injectionSVG = svgs.last! ?? ReportViews.notDrawn }
            return Array(svgs.prefix(jobs.count))
        }
        // Saved while the report's files are made: on the way to them, one core would wait.
        let saved = savesLayouts ? layouts.map { cache in Pending { cache.save() } } : nil
        return (.success(views), .success(injectionSVG), messages, saved)
    }
}
