/// The one small DOT vocabulary every drawing is built with (the module graph, the DI graph,
/// the diff's graphs, the organisation's): a graph value of default attributes, nodes, edges
/// and clusters that writes itself as text, one escaping of quoted IDs and of labels, and the
/// one theme of Strata's drawings.
///
/// Node IDs are Strata's own (`m<index>`, `g<index>`, ...): a name from the repository is only
/// ever a label (`label(_:)`), so two names Graphviz would read alike ("a⏎b" and "a b") stay
/// two nodes, and nothing in a name can break the DOT or the SVG.
public enum DOT {
    /// `name=value`, the value written as it is to go into DOT.
    public struct Attribute: Sendable, Equatable {
        public var name: String
        public var value: String

        /// A keyword or a number, unquoted: `rankdir=LR`, `penwidth=1.6`.
        public static func value(_ name: String, _ value: some CustomStringConvertible) -> Attribute {
            Attribute(name: name, value: value.description)
        }

        /// A string of Strata's own (a colour, a style, a class, an id), quoted.
        public static func quoted(_ name: String, _ text: String) -> Attribute {
            Attribute(name: name, value: DOT.quoted(text))
        }

        /// Text from the repository (or lines of it) as a label: `DOT.label`.
        public static func label(_ text: String, _ name: String = "label") -> Attribute {
            Attribute(name: name, value: DOT.label(lines: [text]))
        }

        public static func label(lines: [String], _ name: String = "label") -> Attribute {
            Attribute(name: name, value: DOT.label(lines: lines))
        }

        func write(into out: inout String) {
            out += name
            out += "="
            out += value
        }
    }

    public indirect enum Statement: Sendable {
        /// `graph [...]`, `node [...]` or `edge [...]`.
        case defaults(String, [Attribute])
        /// A graph's attributes as `name=value;` statements on one line.
        case assignments([Attribute])
        case node(String, [Attribute])
        case edge(String, String, [Attribute])
        /// A subgraph (a cluster when its id starts with `cluster`) and its statements.
        case subgraph(String, [Statement])
    }

    /// A directed graph: default attributes, then its statements in order.
    public struct Graph: Sendable {
        public var name: String
        public var statements: [Statement]

        public init(_ name: String, graph: [Attribute] = [], node: [Attribute] = [], edge: [Attribute] = []) {
            self.name = name
            statements = [("graph", graph), ("node", node), ("edge", edge)].filter { !$0.1.isEmpty }.map { .defaults($0.0, $0.1) }
        }

        public mutating func node(_ id: String, _ attributes: [Attribute]) {
            statements.append(.node(id, attributes))
        }

        public mutating func edge(_ from: String, _ to: String, _ attributes: [Attribute] = []) {
            statements.append(.edge(from, to, attributes))
        }

        /// The DOT text, one statement a line, two spaces deeper in each subgraph (written
        /// into one string: the report makes a thousand drawings' DOT).
        public var text: String {
            var out = "digraph " + DOT.quoted(name) + " {\n"
            func write(_ statements: [Statement], indent: String) {
                for statement in statements {
                    out += indent
                    switch statement {
                    case .defaults(let kind, let attributes):
                        out += kind
                        out += " "
                        list(attributes, into: &out)
                        out += ";"
                    case .assignments(let attributes):
                        for (number, attribute) in attributes.enumerated() {
                            if number > 0 { out += " " }
                            attribute.write(into: &out)
                            out += ";"
                        }
                    case .node(let id, let attributes):
                        out += id
                        if !attributes.isEmpty {
                            out += " "
                            list(attributes, into: &out)
                        }
                        out += ";"
                    case .edge(let from, let to, let attributes):
                        out += from
                        out += " -> "
                        out += to
                        if !attributes.isEmpty {
                            out += " "
                            list(attributes, into: &out)
                        }
                        out += ";"
                    case .subgraph(let id, let inner):
                        out += "subgraph " + DOT.quoted(id) + " {\n"
                        write(inner, indent: indent + "  ")
                        out += indent
                        out += "}"
                    }
                    out += "\n"
                }
            }
            write(statements, indent: "  ")
            out += "}\n"
            return out
        }

        private func list(_ attributes: [Attribute], into out: inout String) {
            out += "["
            for (number, attribute) in attributes.enumerated() {
                if number > 0 { out += ", " }
                attribute.write(into: &out)
            }
            out += "]"
        }
    }

    /// A quoted ID of Strata's own: backslashes and quotes escaped.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\\" || character == "\"" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }

    /// A name as a DOT label whose SVG is well-formed XML showing the name as it is:
    /// backslashes and quotes escaped (an escString), `&` written `&amp;` (Graphviz decodes
    /// entities in labels before it escapes the text into the SVG: a name `a&lt;b` would
    /// otherwise show as `a<b`), and control characters,
    /// which XML does not allow (NUL would end the DOT text), as their Unicode control
    /// pictures (U+2400...), so "a⏎b" shows as `a␊b`.
    public static func label(_ name: String) -> String {
        label(lines: [name])
    }

    /// Lines of text (names among them) as one DOT label, `\n` between them.
    public static func label(lines: [String]) -> String {
        var result = "\""
        for (number, line) in lines.enumerated() {
            if number > 0 { result += "\\n" }
            for scalar in line.unicodeScalars {
                switch scalar {
                case "\\": result += "\\\\"
                case "\"": result += "\\\""
                case "&": result += "&amp;"
                case "\u{0}"..."\u{1F}": result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
                case "\u{7F}": result += "\u{2421}"
                default: result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The one look of Strata's drawings: the font, the module box and the colours.
    public enum Theme {
        public static let fontname = "Helvetica,Arial,sans-serif"
        /// The font, and its size when given.
        public static func font(_ size: Int? = nil) -> [Attribute] {
            [.quoted("fontname", fontname)] + (size.map { [.value("fontsize", $0)] } ?? [])
        }
        /// A module (or a repository): a rounded, filled box.
        public static let box: [Attribute] = [
            .value("shape", "box"), .quoted("style", "rounded,filled"), .quoted("fillcolor", "#eef2f7"), .quoted("color", outline),
        ]
        /// Outlines, edges, muted edges and clusters, text; cycles, violations, implicit imports.
        public static let outline = "#5b6b7f", edge = "#7a8899", muted = "#9aa5b1", text = "#4b5563"
        public static let cycle = "#d1242f", violation = "#8250df", implicit = "#d97706"
        public static let focus: [Attribute] = [.quoted("fillcolor", "#fde68a"), .quoted("color", "#b45309"), .value("penwidth", 2)]
    }
}
