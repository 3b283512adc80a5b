import Foundation
import StrataModel

/// The result being reported, with what several reporters share computed once: the JSON
/// encoding (the JSON file and the HTML page both embed it) and the graph's SVG.
///
/// `prepare(for:)` computes both at once on two cores; after it, reporters only read.
public final class ReportDocument: @unchecked Sendable {
    public let result: AnalysisResult
    /// A file where the last graph layout is kept, keyed by its DOT text: a re-run on an
    /// unchanged repository skips Graphviz. Nil disables it.
    let layoutCache: String?

    /// Where the last JSON encoding is kept, and the digest of the inputs that produced
    /// the result: the same inputs give the same bytes, so an unchanged repository skips
    /// the encoding. Nil disables it.
    let resultCache: (file: String, inputDigest: String)?

    public init(result: AnalysisResult, layoutCache: String? = nil, resultCache: (file: String, inputDigest: String)? = nil) {
        self.result = result
        self.layoutCache = layoutCache
        self.resultCache = resultCache
    }

    public private(set) lazy var json: Result<Data, any Error> = Result { try encodeJSON() }

    public private(set) lazy var dot: String = DOTReporter.render(result)

    public private(set) lazy var svg: Result<String, any Error> = Result { try layout() }

    /// The DI graph (`InjectionGraph`) and its SVG; nil when there is nothing to draw.
    public private(set) lazy var injectionDOT: String? = InjectionGraph.render(result.injection)
    public private(set) lazy var injectionSVG: Result<String?, any Error> = Result {
        try injectionDOT.map { try GraphvizLayout.svg(dot: $0) }
    }

    /// Encodes the JSON and lays out the graph in parallel when the formats need both
    /// (the HTML page embeds both).
    public func prepare(for formats: [OutputFormat]) {
        guard formats.contains(.html) else { return }
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 { _ = self.json } else { _ = self.svg }
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

    private func layout() throws -> String {
        let engine = result.modules.count { !$0.module.kind.isTest } > 1000 ? "sfdp" : "dot"
        let key = engine + "\n" + dot
        if let layoutCache, let cached = try? String(contentsOfFile: layoutCache, encoding: .utf8),
            cached.hasPrefix(key), cached.dropFirst(key.count).hasPrefix("\u{0}")
        {
            return String(cached.dropFirst(key.count + 1))
        }
        let svg = try GraphvizLayout.svg(dot: dot, engine: engine)
        if let layoutCache {
            try? (key + "\u{0}" + svg).write(toFile: layoutCache, atomically: true, encoding: .utf8)
        }
        return svg
    }
}
