import StrataModel

/// Mermaid flowcharts of module graphs, as GitHub renders them in Markdown.
///
/// Node ids are generated (`m0`, `m1`, ...); names appear only in quoted labels where every
/// character other than letters, digits, space and `._-/` is written as a Mermaid entity
/// code (`#60;`), so no name can break the syntax or inject markup.
public enum Mermaid {
    /// GitHub stops rendering a diagram past about this many edges or characters.
    static let maximumEdges = 500
    static let maximumCharacters = 50_000

    public enum EdgeStyle: Sendable { case added, removed, unchanged, cycle }

    public struct Edge: Sendable {
        public var from: String, to: String, style: EdgeStyle
        public init(from: String, to: String, style: EdgeStyle) {
            self.from = from
            self.to = to
            self.style = style
        }
    }

    /// `added`, `removed` and `changed` belong to a diff; `focus` marks `strata graph --focus`'s
    /// modules.
    public enum NodeStyle: Sendable { case added, removed, changed, focus, plain }

    /// A flowchart, or nil when it would be larger than GitHub renders.
    public static func flowchart(nodes: [(name: String, style: NodeStyle)], edges: [Edge]) -> String? {
        guard edges.count <= maximumEdges else { return nil }
        var ids: [String: String] = [:]
        var lines = ["flowchart LR"]
        for (index, node) in nodes.enumerated() where ids[node.name] == nil {
            ids[node.name] = "m\(index)"
            let suffix: String
            switch node.style {
            case .added: suffix = ":::added"
            case .removed: suffix = ":::removed"
            case .changed: suffix = ":::changed"
            case .focus: suffix = ":::focus"
            case .plain: suffix = ""
            }
            lines.append("  m\(index)[\"\(label(node.name))\"]\(suffix)")
        }
        var styles: [String] = []
        var count = 0
        for edge in edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            switch edge.style {
            case .added:
                lines.append("  \(from) ==> \(to)")
                styles.append("  linkStyle \(count) stroke:#1a7f37,stroke-width:3px")
            case .removed:
                lines.append("  \(from) -.-> \(to)")
                styles.append("  linkStyle \(count) stroke:#cf222e")
            case .cycle:
                lines.append("  \(from) --> \(to)")
                styles.append("  linkStyle \(count) stroke:#bf8700,stroke-width:2px")
            case .unchanged:
                lines.append("  \(from) --> \(to)")
            }
            count += 1
        }
        lines += styles
        lines += [
            "  classDef added fill:#dafbe1,stroke:#1a7f37",
            "  classDef removed fill:#ffebe9,stroke:#cf222e,stroke-dasharray:4 3",
            "  classDef changed fill:#fff8c5,stroke:#9a6700",
        ]
        // As the DOT draws the focus; declared only where a node has it, so a diff's is as before.
        if nodes.contains(where: { $0.style == .focus }) { lines.append("  classDef focus fill:#fde68a,stroke:#b45309,stroke-width:2px") }
        let text = lines.joined(separator: "\n")
        return text.count <= maximumCharacters ? text : nil
    }

    /// A name as label text: safe characters kept, every other one as `#<code>;`.
    public static func label(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let safe = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == " " || scalar == "." || scalar == "_" || scalar == "-" || scalar == "/"
            if safe { result.unicodeScalars.append(scalar) } else { result += "#\(scalar.value);" }
        }
        return result
    }
}
