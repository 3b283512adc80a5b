import Foundation

/// The module graph in Graphviz DOT: node ids are `m<index>`, the names only labels (two names
/// DOT would read as one stay two nodes). Cycle, layer-violation, implicit and declared-but-unused edges carry a colour
/// and a `class` (`GraphDrawing`).
public struct DOTReporter: Reporter {
    public static let fileName = "graph.dot"

    public var help: String { Self.fileName }

    public init() {}

    /// `graph.dot`, and `injection.dot` when there is a DI graph.
    public func files(for document: PreparedReport, warn: (String) -> Void) throws -> [ReportFile] {
        [ReportFile(Self.fileName, Data(document.dot.utf8))]
            + (document.injectionDOT.map { [ReportFile(InjectionGraph.fileName, Data($0.utf8))] } ?? [])
    }
}
