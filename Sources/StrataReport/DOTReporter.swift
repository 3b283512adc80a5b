import Foundation
import StrataModel

/// The module graph in Graphviz DOT: node ids are the module names, quoted, so other tools
/// can read it. Cycle, implicit and declared-but-unused edges carry a colour and a `class`.
public struct DOTReporter: Reporter {
    public static let fileName = "graph.dot"

    public init() {}

    public func write(_ document: ReportDocument, to directory: String) throws -> [String] {
        let path = directory + "/" + Self.fileName
        try Data(document.dot.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        guard let injection = document.injectionDOT else { return [path] }
        let injectionPath = directory + "/" + InjectionGraph.fileName
        try Data(injection.utf8).write(to: URL(fileURLWithPath: injectionPath), options: .atomic)
        return [path, injectionPath]
    }

    /// The graph of non-test modules.
    public static func render(_ result: AnalysisResult) -> String {
        let modules = result.modules.map(\.module).filter { !$0.kind.isTest }
        let names = Set(modules.map(\.name))
        let cycleEdges = Set(result.cycles.flatMap(\.edges).map { [$0.from, $0.to] })
        var lines = [
            "digraph \"modules\" {",
            "  graph [rankdir=TB, nodesep=0.35, ranksep=0.6, fontname=\"Helvetica,Arial,sans-serif\"];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef2f7\", color=\"#5b6b7f\", fontname=\"Helvetica,Arial,sans-serif\", fontsize=11];",
            "  edge [color=\"#7a8899\", arrowsize=0.7];",
        ]
        for module in modules {
            var attributes = ["class=\(quote("module \(module.kind.rawValue) \(module.linkage.kind.rawValue)"))"]
            switch module.linkage.kind {
            case .dynamic: attributes.append("peripheries=2")
            case .unknown: attributes.append("style=\"rounded,filled,dashed\"")
            case .static, .executable: break
            }
            switch module.kind {
            case .executable: attributes += ["shape=box3d", "fillcolor=\"#e3ecfa\""]
            case .macro, .plugin: attributes += ["shape=hexagon", "style=filled"]
            case .system: attributes += ["shape=folder", "style=filled"]
            default: break
            }
            lines.append("  \(quote(module.name)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in result.edges where names.contains(edge.from) && names.contains(edge.to) {
            var classes = ["dependency"], attributes: [String] = []
            if cycleEdges.contains([edge.from, edge.to]) {
                classes.append("cycle")
                attributes += ["color=\"#d1242f\"", "penwidth=1.6"]
            }
            if edge.imported && !edge.declared {
                classes.append("implicit")
                attributes += ["style=dashed", cycleEdges.contains([edge.from, edge.to]) ? nil : "color=\"#d97706\""].compactMap { $0 }
            }
            if !edge.imported {
                classes.append("unused")
                attributes += ["style=dotted", "color=\"#9aa5b1\""]
            }
            attributes.insert("class=\(quote(classes.joined(separator: " ")))", at: 0)
            lines.append("  \(quote(edge.from)) -> \(quote(edge.to)) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DOT double-quoted string: backslashes and quotes escaped, newlines as `\n`.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": break
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
