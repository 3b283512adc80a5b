import Foundation
import StrataModel

/// The module graph in Graphviz DOT: node ids are `m<index>`, the names only labels (two names
/// DOT would read as one stay two nodes). Cycle, layer-violation, implicit and declared-but-unused edges carry a colour
/// and a `class` (`GraphDrawing`).
public struct DOTReporter: Reporter {
    public static let fileName = "graph.dot"

    public var help: String { Self.fileName }

    public init() {}

    /// `graph.dot`, and `injection.dot` when there is a DI graph.
    public func files(for document: ReportDocument, warn: (String) -> Void) throws -> [ReportFile] {
        [ReportFile(Self.fileName, Data(document.dot.utf8))]
            + (document.injectionDOT.map { [ReportFile(InjectionGraph.fileName, Data($0.utf8))] } ?? [])
    }

    /// The graph of non-test modules, in clusters by layer.
    public static func render(_ result: AnalysisResult) -> String {
        GraphDrawing.full(ModuleGraph(result)).dot
    }

    /// A node or graph name as a DOT double-quoted string. DOT unescapes only `\"` in names
    /// (`\\` stays two characters), so only quotes are escaped; a line break becomes a
    /// space, and a name ending in a backslash gets a space so it cannot escape the closing
    /// quote.
    public static func id(_ text: String) -> String {
        var result = "\""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            switch character {
            case "\"": result += "\\\""
            case "\n", "\r\n": result += " "
            case "\r": break
            case "\\":
                // A backslash before a quote or the end would escape it: a space keeps it apart.
                result.append(character)
                if index + 1 == characters.count || characters[index + 1] == "\"" { result += " " }
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// A label (an escString) as a DOT double-quoted string: backslashes and quotes escaped,
    /// line breaks as `\n`.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n", "\r\n": result += "\\n"
            case "\r": break
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
