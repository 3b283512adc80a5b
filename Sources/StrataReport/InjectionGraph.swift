import StrataModel

/// The DI graph in Graphviz DOT: service → implementation → the services its factory
/// resolves, implementations grouped by the module declaring them (else registering them), overrides dashed, and the
/// module edges through the container (dashed, red when flagged) between the modules' labels.
/// Written as `injection.dot` with `--format dot` and drawn in the HTML report.
public enum InjectionGraph {
    public static let fileName = "injection.dot"
    /// Past this many registrations the drawing is unreadable and slow: the tables remain.
    static let limit = 600

    /// Nil when there is nothing to draw.
    public static func render(_ report: InjectionReport) -> String? {
        let registrations = report.registrations
        guard !registrations.isEmpty, registrations.count <= limit else { return nil }
        // Names only as escaped labels (`GraphDrawing.label`): `&`, a control character or
        // NUL in a service or module name cannot break the SVG.
        let quote = { (text: String) in GraphDrawing.label(text) }
        // Nodes are named by index, names only in labels: two names DOT would read as one
        // ("a⏎b" and "a b") stay two nodes.
        let services = Set(registrations.map(\.service)).union(registrations.flatMap(\.resolves)).sorted()
        let serviceIndex = Dictionary(uniqueKeysWithValues: services.enumerated().map { ($1, $0) })
        func service(_ name: String) -> String { "s\(serviceIndex[name]!)" }
        func home(_ registration: Registration) -> String { registration.implementationModule ?? registration.module }
        struct Implementation: Hashable { let home: String, name: String }
        func key(_ registration: Registration) -> Implementation {
            Implementation(home: home(registration), name: registration.implementation ?? registration.service)
        }
        var implementationIndex: [Implementation: Int] = [:]
        for registration in registrations where implementationIndex[key(registration)] == nil {
            implementationIndex[key(registration)] = implementationIndex.count
        }
        func implementation(_ registration: Registration) -> String { "i\(implementationIndex[key(registration)]!)" }
        let modules = Set(registrations.map(home)).union(report.edges.flatMap { [$0.from, $0.to] }).sorted()
        let moduleIndex = Dictionary(uniqueKeysWithValues: modules.enumerated().map { ($1, $0) })
        func module(_ name: String) -> String { "m\(moduleIndex[name]!)" }
        var lines = [
            "digraph \"injection\" {",
            "  graph [rankdir=LR, nodesep=0.25, ranksep=0.5, fontname=\"Helvetica,Arial,sans-serif\", fontsize=11];",
            "  node [fontname=\"Helvetica,Arial,sans-serif\", fontsize=10];",
            "  edge [color=\"#7a8899\", arrowsize=0.6, fontname=\"Helvetica,Arial,sans-serif\"];",
        ]
        for name in services {
            lines.append("  \(service(name)) [label=\(quote(name)), shape=ellipse, style=filled, fillcolor=\"#e3ecfa\", color=\"#5b6b7f\", class=\"service\"];")
        }
        for (index, name) in modules.enumerated() {
            lines.append("  subgraph \"cluster_\(index)\" {")
            lines.append("    label=\(quote(name)); style=\"rounded,dashed\"; color=\"#9aa5b1\"; class=\"module\";")
            lines.append("    \(module(name)) [label=\(quote(name)), shape=plaintext, fontcolor=\"#5b6b7f\"];")
            var seen: Set<String> = []
            for registration in registrations where home(registration) == name && seen.insert(implementation(registration)).inserted {
                let label = registration.implementation ?? "(\(registration.service))"
                lines.append("    \(implementation(registration)) [label=\(quote(label)), shape=box, style=\"rounded,filled\", fillcolor=\"#eef2f7\", color=\"#5b6b7f\", class=\"implementation\"];")
            }
            lines.append("  }")
        }
        var drawn: Set<String> = []
        for registration in registrations {
            let node = implementation(registration)
            let named = registration.name.map { ", xlabel=\(quote($0))" } ?? ""
            let style = registration.kind == .override ? ", style=dashed, class=\"override\"" : ", class=\"registration\""
            let edge = "  \(service(registration.service)) -> \(node) [color=\"#2f6fbf\"\(named)\(style)];"
            if drawn.insert(edge).inserted { lines.append(edge) }
            for resolved in registration.resolves {
                let edge = "  \(node) -> \(service(resolved)) [class=\"resolves\"];"
                if drawn.insert(edge).inserted { lines.append(edge) }
            }
        }
        // Two modules getting implementations from each other: one double-headed edge, so the
        // labels do not overlap.
        let pairs = Dictionary(report.edges.map { ([$0.from, $0.to], $0) }, uniquingKeysWith: { first, _ in first })
        for edge in report.edges {
            let back = pairs[[edge.to, edge.from]]
            if back != nil, edge.from > edge.to { continue }
            let flagged = !edge.breaks.isEmpty || back?.breaks.isEmpty == false
            var label = [edge.services.joined(separator: ", ")]
            if let back { label = ["→ " + label[0], "← " + back.services.joined(separator: ", ")] }
            let direction = back == nil ? "" : ", dir=both"
            lines.append("  \(module(edge.from)) -> \(module(edge.to)) [style=dashed, color=\"\(flagged ? "#d1242f" : "#9aa5b1")\"\(direction), xlabel=\(GraphDrawing.label(lines: label)), fontsize=9, class=\"container\"];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
