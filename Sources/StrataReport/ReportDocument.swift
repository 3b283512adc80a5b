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

    public init(result: AnalysisResult, layoutCache: String? = nil) {
        self.result = result
        self.layoutCache = layoutCache
    }

    public private(set) lazy var json: Result<Data, any Error> = Result { try JSONReporter.encode(result) }

    public private(set) lazy var dot: String = DOTReporter.render(result)

    public private(set) lazy var svg: Result<String, any Error> = Result { try layout() }

    /// Encodes the JSON and lays out the graph in parallel when the formats need both.
    public func prepare(for formats: [OutputFormat]) {
        let needsJSON = formats.contains(.json) || formats.contains(.html)
        guard needsJSON, formats.contains(.html) else { return }
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 { _ = self.json } else { _ = self.svg }
        }
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
