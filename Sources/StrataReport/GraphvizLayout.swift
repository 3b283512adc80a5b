import CGraphviz
import Foundation

/// Lays out a DOT graph in process with libgvc and renders it as SVG.
///
/// libgvc finds its layout and render plugins only through the `config6a` file that
/// `dot -c` writes (the `graphviz` package runs it on install; `scripts/setup` checks it).
/// Graphviz is not thread-safe, so every call holds one lock.
enum GraphvizLayout {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private static let lock = NSLock()

    /// - Parameter engine: `dot` for layered graphs; `sfdp` is far faster past a few
    ///   thousand nodes.
    public static func svg(dot: String, engine: String = "dot") throws -> String {
        lock.lock()
        defer { lock.unlock() }
        guard let context = gvContext() else { throw Failure(description: "Graphviz could not start (gvContext)") }
        defer { gvFreeContext(context) }
        defer { GraphvizReader.reset() }
        guard let graph = GraphvizReader.read(dot) else {
            throw Failure(description: "Graphviz could not read the generated DOT")
        }
        defer { agclose(graph) }
        guard gvLayout(context, graph, engine) == 0 else {
            throw Failure(description: "Graphviz has no '\(engine)' layout plugin; run `dot -c` as root (scripts/setup does) so libgvc finds its plugins")
        }
        defer { gvFreeLayout(context, graph) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, "svg", &buffer, &length) == 0, let buffer else {
            throw Failure(description: "Graphviz has no 'svg' render plugin; run `dot -c` as root (scripts/setup does)")
        }
        defer { gvFreeRenderData(buffer) }
        return String(decoding: UnsafeRawBufferPointer(start: buffer, count: Int(length)), as: UTF8.self)
    }
}
