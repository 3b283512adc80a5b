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
    /// - Parameter names: the result's module names, which label the container edges' ends.
    public static func render(_ report: InjectionReport, names: ModuleNames) -> String? {
        let registrations = report.registrations
        guard !registrations.isEmpty, registrations.count <= limit else { return nil }
        let edges = report.edges.map { (from: names[$0.from], to: names[$0.to], edge: $0) }
        let nodes = Nodes(report, edges: edges)
        var graph = DOT.Graph(
            "injection", graph: [.value("rankdir", "LR"), .value("nodesep", 0.25), .value("ranksep", 0.5)] + DOT.Theme.font(11),
            node: DOT.Theme.font(10), edge: [.quoted("color", DOT.Theme.edge), .value("arrowsize", 0.6)] + DOT.Theme.font())
        for name in nodes.services {
            graph.node(nodes.service(name), [
                .label(name), .value("shape", "ellipse"), .value("style", "filled"), .quoted("fillcolor", "#e3ecfa"),
                .quoted("color", DOT.Theme.outline), .quoted("class", "service"),
            ])
        }
        for (index, name) in nodes.modules.enumerated() {
            graph.statements.append(.subgraph("cluster_\(index)", cluster(name, registrations, nodes)))
        }
        drawRegistrations(registrations, nodes, in: &graph)
        drawContainerEdges(edges, nodes, in: &graph)
        return graph.text
    }

    /// A module's box: its label, and the implementations at home there.
    private static func cluster(_ name: String, _ registrations: [Registration], _ nodes: Nodes) -> [DOT.Statement] {
        var cluster: [DOT.Statement] = [
            .assignments([.label(name), .quoted("style", "rounded,dashed"), .quoted("color", DOT.Theme.muted), .quoted("class", "module")]),
            .node(nodes.module(name), [.label(name), .value("shape", "plaintext"), .quoted("fontcolor", DOT.Theme.outline)]),
        ]
        var seen: Set<String> = []
        for registration in registrations where Nodes.home(registration) == name && seen.insert(nodes.implementation(registration)).inserted {
            let label = registration.implementation ?? "(\(registration.service))"
            cluster.append(.node(nodes.implementation(registration), [.label(label)] + DOT.Theme.box + [.quoted("class", "implementation")]))
        }
        return cluster
    }

    /// Each registration's edge from its service to its implementation (named in an outer
    /// label, an override dashed), and from the implementation to the services it resolves.
    private static func drawRegistrations(_ registrations: [Registration], _ nodes: Nodes, in graph: inout DOT.Graph) {
        var drawn: Set<String> = []
        for registration in registrations {
            let node = nodes.implementation(registration)
            let service = nodes.service(registration.service)
            let named: [DOT.Attribute] = registration.name.map { [.label($0, "xlabel")] } ?? []
            let style: [DOT.Attribute] = registration.kind == .override
                ? [.value("style", "dashed"), .quoted("class", "override")] : [.quoted("class", "registration")]
            // Each edge once.
            if drawn.insert("\(service) \(node) \(named.map(\.value)) \(registration.kind == .override)").inserted {
                graph.edge(service, node, [.quoted("color", "#2f6fbf")] + named + style)
            }
            for resolved in registration.resolves where drawn.insert("\(node) \(nodes.service(resolved))").inserted {
                graph.edge(node, nodes.service(resolved), [.quoted("class", "resolves")])
            }
        }
    }

    /// The module edges through the container, between the modules' labels (red when flagged).
    /// Two modules getting implementations from each other: one double-headed edge, so the
    /// labels do not overlap.
    private static func drawContainerEdges(_ edges: [(from: String, to: String, edge: InjectionEdge)], _ nodes: Nodes, in graph: inout DOT.Graph) {
        let pairs = Dictionary(edges.map { ([$0.from, $0.to], $0.edge) }, uniquingKeysWith: { first, _ in first })
        for (from, to, edge) in edges {
            let back = pairs[[to, from]]
            if back != nil, from > to { continue }
            let flagged = !edge.breaks.isEmpty || back?.breaks.isEmpty == false
            var label = [edge.services.joined(separator: ", ")]
            if let back { label = ["→ " + label[0], "← " + back.services.joined(separator: ", ")] }
            graph.edge(nodes.module(from), nodes.module(to), [.value("style", "dashed"), .quoted("color", flagged ? DOT.Theme.cycle : DOT.Theme.muted)]
                + (back == nil ? [] : [.value("dir", "both")])
                + [.label(lines: label, "xlabel"), .value("fontsize", 9), .quoted("class", "container")])
        }
    }

    /// The names Strata gives the drawing's nodes (`DOT`'s convention): `s<n>` a service,
    /// `i<n>` an implementation in its home module (the module declaring it, else the one
    /// registering it), `m<n>` a module's label.
    private struct Nodes {
        struct Implementation: Hashable { let home: String, name: String }
        let services: [String]
        let modules: [String]
        private let serviceIndex: [String: Int]
        private let implementationIndex: [Implementation: Int]
        private let moduleIndex: [String: Int]

        init(_ report: InjectionReport, edges: [(from: String, to: String, edge: InjectionEdge)]) {
            let registrations = report.registrations
            services = Set(registrations.map(\.service)).union(registrations.flatMap(\.resolves)).sorted()
            serviceIndex = Dictionary(uniqueKeysWithValues: services.enumerated().map { ($1, $0) })
            var implementationIndex: [Implementation: Int] = [:]
            for registration in registrations where implementationIndex[Self.key(registration)] == nil {
                implementationIndex[Self.key(registration)] = implementationIndex.count
            }
            self.implementationIndex = implementationIndex
            modules = Set(registrations.map(Self.home)).union(edges.flatMap { [$0.from, $0.to] }).sorted()
            moduleIndex = Dictionary(uniqueKeysWithValues: modules.enumerated().map { ($1, $0) })
        }

        static func home(_ registration: Registration) -> String { registration.implementationModule ?? registration.module }

        static func key(_ registration: Registration) -> Implementation {
            Implementation(home: home(registration), name: registration.implementation ?? registration.service)
        }

        func service(_ name: String) -> String { "s\(serviceIndex[name]!)" }
        func implementation(_ registration: Registration) -> String { "i\(implementationIndex[Self.key(registration)]!)" }
        func module(_ name: String) -> String { "m\(moduleIndex[name]!)" }
    }
}
