import CGraphviz
import Foundation

/// Lays out a DOT graph in process with libgvc and renders it as SVG.
///
/// libgvc finds its layout and render plugins only through the `config6a` file that
/// `dot -c` writes (the `graphviz` package runs it on install; `scripts/setup` checks it).
/// Graphviz is not thread-safe, so every call holds one lock.
public enum GraphvizLayout {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// What the layouts of this process cost (`STRATA_TIMINGS=1 strata analyze` prints it).
    public struct Statistics: Sendable {
        public var layouts = 0
        public var seconds = 0.0
        /// The slowest call: its seconds, engine and node count.
        public var slowest: (seconds: Double, engine: String, nodes: Int)?
    }

    private static let lock = NSLock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private static var recorded = Statistics()

    /// Every call so far: count, total and slowest, each timed while it held the lock.
    public static var statistics: Statistics {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// The engine for a drawing of this many nodes: `dot` draws layers; past 1,000 nodes
    /// `sfdp` (0.5 s at 3,000 where dot takes 3.6 s; never `fdp`).
    public static func engine(nodes: Int) -> String { nodes > 1000 ? "sfdp" : "dot" }

    /// - Parameter engine: `dot` for layered graphs; `sfdp` is far faster past a few
    ///   thousand nodes.
    public static func svg(dot: String, engine: String = "dot") throws -> String {
        lock.lock()
        defer { lock.unlock() }
        // Runs last but for the unlock: the time includes reading, layout, render and freeing.
        let started = DispatchTime.now().uptimeNanoseconds
        var nodes = 0
        defer {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            recorded.layouts += 1
            recorded.seconds += seconds
            if seconds > recorded.slowest?.seconds ?? -1 { recorded.slowest = (seconds, engine, nodes) }
        }
        guard let context = gvContext() else { throw Failure(description: "Graphviz could not start (gvContext)") }
        defer { gvFreeContext(context) }
        defer { GraphvizReader.reset() }
        guard let graph = GraphvizReader.read(dot) else {
            throw Failure(description: "Graphviz could not read the generated DOT")
        }
        defer { agclose(graph) }
        nodes = Int(agnnodes(graph))
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
