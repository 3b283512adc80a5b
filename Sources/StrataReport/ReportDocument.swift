import Foundation
import StrataModel

/// The result being reported, with what several reporters share computed once: the JSON
/// encoding (the JSON file and the HTML page both embed it) and the graph's SVG.
///
/// `prepare(for:)` computes both at once on two cores; after it, reporters only read.
public final class ReportDocument: @unchecked Sendable {
    public let result: AnalysisResult
    /// Where Graphviz layouts are kept between runs (`LayoutCache`); nil disables it.
    let layoutCache: LayoutCache?

    /// Where the last JSON encoding is kept, and the digest of the inputs that produced
    /// the result: the same inputs give the same bytes, so an unchanged repository skips
    /// the encoding. Nil disables it.
    let resultCache: (file: String, inputDigest: String)?

    /// - Parameter layoutCache: a folder for Graphviz layouts; nil lays out every time.
    public init(result: AnalysisResult, layoutCache: String? = nil, resultCache: (file: String, inputDigest: String)? = nil) {
        self.result = result
        self.layoutCache = layoutCache.map(LayoutCache.init(folder:))
        self.resultCache = resultCache
    }

    public private(set) lazy var json: Result<Data, any Error> = Result { try encodeJSON() }

    public private(set) lazy var dot: String = DOTReporter.render(result)

    public private(set) lazy var svg: Result<String, any Error> = Result {
        try layout(dot, engine: GraphvizLayout.engine(nodes: graph.modules.count))
    }

    /// The production graph, as the report's views and queries read it.
    public private(set) lazy var graph = ModuleGraph(result)

    /// The report's drawings: overview, opened groups, neighbourhoods (`ReportViews`).
    public private(set) lazy var views: Result<ReportViews, any Error> = Result {
        let views = try ReportViews.make(graph: graph, full: try svg.get()) { try layout($0, engine: "dot") }
        layoutCache?.prune()
        return views
    }

    /// The DI graph (`InjectionGraph`) and its SVG; nil when there is nothing to draw.
    public private(set) lazy var injectionDOT: String? = InjectionGraph.render(result.injection)
    public private(set) lazy var injectionSVG: Result<String?, any Error> = Result {
        try injectionDOT.map { try GraphvizLayout.svg(dot: $0) }
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
        guard let (file, digest) = resultCache else { return try JSONReporter.encode(result) }
        let header = Data((digest + "\n").utf8)
        if let cached = FileManager.default.contents(atPath: file), cached.starts(with: header) {
            return cached.dropFirst(header.count)
        }
        let json = try JSONReporter.encode(result)
        try? (header + json).write(to: URL(fileURLWithPath: file), options: .atomic)
        return json
    }

    private func layout(_ dot: String, engine: String) throws -> String {
        guard let layoutCache else { return try GraphvizLayout.svg(dot: dot, engine: engine) }
        return try layoutCache.svg(dot: dot, engine: engine) { try GraphvizLayout.svg(dot: dot, engine: engine) }
    }
}
