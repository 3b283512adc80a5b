import StrataModel

/// Swinject's container vocabulary, which many hand-written containers share:
/// `register(P.self) { _ in Impl() }`, `autoregister(P.self, initializer: Impl.init)`,
/// `resolve(P.self, name: "x", argument: a)`.
///
/// `register`, `autoregister` and `resolve` are also other types' methods (UIKit's
/// `register(_:forCellReuseIdentifier:)`, SwiftNIO's `Channel.register()`): a call is
/// container syntax only when its first argument is an unlabeled metatype `X.self` naming no
/// generic parameter, and a registration also hands over a factory (a closure, trailing or
/// `factory:`, or `initializer:`) with no other labels than `name:`, `factory:` and
/// `initializer:`; a resolution has no other labels than `name:`, `argument:`, `arguments:` and
/// `arg1:`... The receiver is not consulted: containers are reached through any name
/// (`container`, `resolver`, `DIContainer.shared`), and the argument shapes exclude the rest.
enum SwinjectFamily: InjectionFamily {
    static let definition = InjectionFamilyDefinition(
        id: "swinject", title: "Swinject",
        summary: "`register(P.self) { _ in Impl() }`, `autoregister`, `resolve(P.self, name:)`, on any container",
        marks: ["register", "resolve", "autoregister"],
        triggers: ["swinject-named-and-assembly/literal-names", "swinject-nested-enum-names/inline"],
        passes: "swift-dependencies-client/dependency-entry")

    static let registrationLabels: Set<String?> = [nil, "name", "factory", "initializer", "{}"]

    static func claims(_ fact: InjectionFact, _ found: inout InjectionRecognition, _ recognizer: InjectionRecognizer) -> Bool {
        guard fact.shape == .call, let metatype = fact.generic ? nil : fact.arguments.first.flatMap({ $0.label == nil ? $0.metatype : nil })
        else { return false }
        let labels = Set(fact.arguments.dropFirst().map(\.label))
        if fact.name == "register" || fact.name == "autoregister", labels.isSubset(of: registrationLabels),
           labels.contains("{}") || labels.contains("factory") || labels.contains("initializer") {
            let initializer = fact.arguments.first { $0.label == "initializer" }?.text
            let implementation = fact.implementation ?? initializer.map { $0.hasSuffix(".init") ? String($0.dropLast(5)) : $0 }
            found.register(.container, api: "container", service: metatype, implementation: implementation)
            return true
        }
        guard fact.name == "resolve", areResolutionLabels(fact.arguments.dropFirst().map(\.label)) else { return false }
        found.resolve(.container, api: "container", service: metatype)
        return true
    }

    /// Swinject's `resolve(_:name:argument:)`, `resolve(_:arguments: a, b, c)`: unlabeled
    /// arguments only after `arguments:`.
    static func areResolutionLabels(_ labels: [String?]) -> Bool {
        var afterArguments = false
        for label in labels {
            if label == nil, afterArguments { continue }
            guard isResolutionLabel(label) else { return false }
            afterArguments = label == "arguments"
        }
        return true
    }

    static func isResolutionLabel(_ label: String?) -> Bool {
        guard let label else { return false }
        return label == "name" || label == "argument" || label == "arguments"
            || (label.hasPrefix("arg") && label.dropFirst(3).allSatisfy(\.isNumber))
    }
}
