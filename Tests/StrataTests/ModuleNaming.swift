import StrataModel

/// Tests ask for edges by their modules' names, as a user reads them.
extension AnalysisResult {
    /// Every edge with its two modules' names.
    var namedEdges: [(from: String, to: String, edge: ImportEdge)] {
        let names = moduleNames
        return edges.map { (names[$0.from], names[$0.to], $0) }
    }
}

extension Project {
    /// Every edge with its two modules' names.
    var namedEdges: [(from: String, to: String, edge: ImportEdge)] {
        let names = ModuleNames(modules)
        return edges.map { (names[$0.from], names[$0.to], $0) }
    }
}
