import StrataModel

/// A container-only module edge (`InjectionWiring`) that is not dependency inversion and goes
/// up the layers or closes a cycle.
enum ContainerDependencyRule: Rule {
    static let definition = RuleDefinition(
        id: .containerDependency, title: "Hidden dependency through the DI container",
        rationale: "A module gets a concrete service of another module only through the container. The import graph does not show this dependency; it breaks the layer order or closes a cycle all the same. Depend on an abstraction in a lower module.",
        defaultSeverity: .warn,
        triggers: RuleExample(
            RuleExamples.injectionLayers, manifest: RuleExamples.swinject,
            .library("Domain", [RuleExamples.swinjectProduct], """
                import Swinject
                public struct Checkout {}
                public func wire(_ c: Container) { c.register(Checkout.self) { r in _ = r.resolve(Screen.self); return Checkout() } }
                """),
            .library("UI", ["Domain", RuleExamples.swinjectProduct], """
                import Domain
                import Swinject
                public protocol Screen {}
                struct Home: Screen {}
                public func wire(_ c: Container) { c.register(Screen.self) { _ in Home() } }
                """)),
        passes: RuleExample(
            RuleExamples.injectionLayers, manifest: RuleExamples.swinject,
            .library("Domain", [RuleExamples.swinjectProduct], """
                import Swinject
                public protocol Screen {}
                public struct Checkout {}
                public func wire(_ c: Container) { c.register(Checkout.self) { r in _ = r.resolve(Screen.self); return Checkout() } }
                """),
            .library("UI", ["Domain", RuleExamples.swinjectProduct], """
                import Domain
                import Swinject
                struct Home: Screen {}
                public func wire(_ c: Container) { c.register(Screen.self) { _ in Home() } }
                """)))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .containerDependency) else { return [] }
        return context.injection.edges.filter { !$0.breaks.isEmpty }.map { edge in
            let (from, to) = (context.name(edge.from), context.name(edge.to))
            let why = edge.breaks.map { $0 == "cycle" ? "closes a cycle" : "goes from a lower layer to a higher one" }
            return Finding(
                rule: .containerDependency, severity: severity,
                message: "\(from) gets \(edge.services.joined(separator: ", ")) from \(to) only through the container, which \(why.joined(separator: " and "))",
                module: from, dependency: to, evidence: edge.evidence)
        }
    }
}
