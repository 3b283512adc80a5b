import Foundation
import StrataModel

/// `graph.graphml`: the module graph in GraphML, for Gephi, yEd and networkx. One node per
/// module of `strata.json` (id `m<index>`; its name as `label`, which Gephi shows, and its
/// kind, layer, package and metrics as data), one directed edge per module edge (its kind: `import`, `implicit` for an undeclared
/// import, `unused` for a declared dependency never imported). Every text from the
/// repository is XML-escaped; characters XML 1.0 does not allow are written as U+FFFD.
struct GraphMLReporter: Reporter {
    static let fileName = "graph.graphml"
    static let help = "graph.graphml, for Gephi and yEd"
    var help: String { Self.help }

    init() {}

    func files(for document: PreparedReport, warn: (String) -> Void) throws -> [ReportFile] {
        [ReportFile(Self.fileName, Data(Self.render(document.result).utf8))]
    }

    /// The keys: `for`, id, GraphML type, and the attribute name tools show.
    static let keys: [(domain: String, id: String, type: String)] = [
        ("node", "label", "string"), ("node", "kind", "string"), ("node", "layer", "string"), ("node", "package", "string"),
        ("node", "linkage", "string"), ("node", "files", "int"), ("node", "lines", "int"), ("node", "ca", "int"), ("node", "ce", "int"),
        ("node", "instability", "double"), ("node", "abstractness", "double"), ("node", "distance", "double"),
        ("edge", "kind", "string"), ("edge", "declared", "boolean"), ("edge", "imported", "boolean"), ("edge", "importSites", "int"),
        ("edge", "cycle", "boolean"),
    ]

    static func render(_ result: AnalysisResult) -> String {
        var layer: [String: String] = [:]
        for entry in result.layering?.layers ?? [] { for module in entry.modules where layer[module] == nil { layer[module] = entry.name } }
        var node: [ModuleID: Int] = [:]
        for (index, entry) in result.modules.enumerated() where node[entry.module.id] == nil { node[entry.module.id] = index }
        var cycleEdges = Set<[ModuleID]>()
        for cycle in result.cycles { for edge in cycle.edges { cycleEdges.insert([edge.from, edge.to]) } }

        var out = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">"#,
        ]
        for key in keys {
            out.append(#"  <key id="\#(key.domain == "node" ? "n" : "e")_\#(key.id)" for="\#(key.domain)" attr.name="\#(key.id)" attr.type="\#(key.type)"/>"#)
        }
        out.append(#"  <graph id="\#(escape(result.root))" edgedefault="directed">"#)
        func data(_ domain: String, _ key: String, _ value: String) -> String {
            #"      <data key="\#(domain)_\#(key)">\#(escape(value))</data>"#
        }
        for (index, entry) in result.modules.enumerated() {
            let module = entry.module
            out.append(#"    <node id="m\#(index)">"#)
            out.append(data("n", "label", module.name))
            out.append(data("n", "kind", module.kind.rawValue))
            if let name = layer[module.name] { out.append(data("n", "layer", name)) }
            out.append(data("n", "package", module.package))
            out.append(data("n", "linkage", module.linkage.kind.rawValue))
            out.append(data("n", "files", "\(module.files)"))
            out.append(data("n", "lines", "\(module.lines)"))
            if let metrics = entry.metrics {
                out.append(data("n", "ca", "\(metrics.ca)"))
                out.append(data("n", "ce", "\(metrics.ce)"))
                out.append(data("n", "instability", "\(metrics.instability)"))
                out.append(data("n", "abstractness", "\(metrics.abstractness)"))
                out.append(data("n", "distance", "\(metrics.distance)"))
            }
            out.append("    </node>")
        }
        for edge in result.edges {
            guard let from = node[edge.from], let to = node[edge.to] else { continue }
            out.append(#"    <edge source="m\#(from)" target="m\#(to)">"#)
            out.append(data("e", "kind", edge.imported ? (edge.declared ? "import" : "implicit") : "unused"))
            out.append(data("e", "declared", "\(edge.declared)"))
            out.append(data("e", "imported", "\(edge.imported)"))
            out.append(data("e", "importSites", "\(edge.imported ? edge.evidence.count : 0)"))
            out.append(data("e", "cycle", "\(cycleEdges.contains([edge.from, edge.to]))"))
            out.append("    </edge>")
        }
        out += ["  </graph>", "</graphml>", ""]
        return out.joined(separator: "\n")
    }

    /// Text for element content and attribute values: markup characters as entities, line
    /// breaks and tabs as character references (a parser would normalise them), and what XML
    /// 1.0 forbids (other control characters, U+FFFE, U+FFFF) as U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
