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
        var graph = DOT.Graph(
            "injection", graph: [.value("rankdir", "LR"), .value("nodesep", 0.25), .value("ranksep", 0.5)] + DOT.Theme.font(11),
            node: DOT.Theme.font(10), edge: [.quoted("color", DOT.Theme.edge), .value("arrowsize", 0.6)] + DOT.Theme.font())
        for name in services {
            graph.node(service(name), [
                .label(name), .value("shape", "ellipse"), .value("style", "filled"), .quoted("fillcolor", "#e3ecfa"),
                .quoted("color", DOT.Theme.outline), .quoted("class", "service"),
            ])
        }
        for (index, name) in modules.enumerated() {
            var cluster: [DOT.Statement] = [
                .assignments([.label(name), .quoted("style", "rounded,dashed"), .quoted("color", DOT.Theme.muted), .quoted("class", "module")]),
                .node(module(name), [.label(name), .value("shape", "plaintext"), .quoted("fontcolor", DOT.Theme.outline)]),
            ]
            var seen: Set<String> = []
            for registration in registrations where home(registration) == name && seen.insert(implementation(registration)).inserted {
                let label = registration.implementation ?? "(\(registration.service))"
                cluster.append(.node(implementation(registration), [.label(label)] + DOT.Theme.box + [.quoted("class", "implementation")]))
            }
            graph.statements.append(.subgraph("cluster_\(index)", cluster))
        }
        var drawn: Set<String> = []
        for registration in registrations {
            let node = implementation(registration)
            let named: [DOT.Attribute] = registration.name.map { [.label($0, "xlabel")] } ?? []
            let style: [DOT.Attribute] = registration.kind == .override
                ? [.value("style", "dashed"), .quoted("class", "override")] : [.quoted("class", "registration")]
            // Each edge once.
            if drawn.insert("\(service(registration.service)) \(node) \(named.map(\.value)) \(registration.kind == .override)").inserted {
                graph.edge(service(registration.service), node, [.quoted("color", "#2f6fbf")] + named + style)
            }
            for resolved in registration.resolves where drawn.insert("\(node) \(service(resolved))").inserted {
                graph.edge(node, service(resolved), [.quoted("class", "resolves")])
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
            graph.edge(module(edge.from), module(edge.to), [.value("style", "dashed"), .quoted("color", flagged ? DOT.Theme.cycle : DOT.Theme.muted)]
                + (back == nil ? [] : [.value("dir", "both")])
                + [.label(lines: label, "xlabel"), .value("fontsize", 9), .quoted("class", "container")])
        }
        return graph.text
    }
}
