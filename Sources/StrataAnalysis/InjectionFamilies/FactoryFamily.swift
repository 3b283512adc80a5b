import StrataModel

/// Factory (hmlongco/Factory): properties of a container returning `Factory<T>`
/// (`var myService: Factory<P> { self { Impl() } }`, and 1.x's `static let myService =
/// Factory<P> { Impl() }`, called on the type and injected with `@Injected(Container.myService)`),
/// resolved by calling them
/// (`Container.shared.myService()`), through `@Injected(\.myService)`, a helper resolving a key
/// path (`dependency(\.myService)`) or a collection of key paths a subscript resolves, and
/// overridden by their modifiers (`.register { }`, `.onTest { }`); and Factory's `Resolving`,
/// keyed by type (`container.register { Impl() as P }`, `let p: P? = container.resolve()`,
/// `@InjectedType`). The symbol index says which properties are factories (`FactoryContainers`).
enum FactoryFamily: InjectionFamily {
    static let definition = InjectionFamilyDefinition(
        id: "factory", title: "Factory",
        summary: "`Factory<T>` properties of a container, called, injected with `@Injected(\\.x)` or resolved by key path, and overridden with `.register`/`.onTest`; Factory 1.x's static factories; `Resolving` by type",
        marks: ["Factory", "Inject", "register", "resolve", "[keyPath:"],
        triggers: [
            "factory-reached-four-ways/shared", "factory-resolving-api/shared-cast", "factory-keypath-collection/keypath-array",
            "factory-injected-constructed/init-assignment", "factory-one-static/cast-scoped",
        ],
        passes: "swift-dependencies-client/dependency-entry")

    static func claims(_ fact: InjectionFact, _ found: inout InjectionRecognition, _ recognizer: InjectionRecognizer) -> Bool {
        switch fact.shape {
        case .call:
            return claimsCall(fact, &found, recognizer)
        case .wrapper:
            if InjectionNames.factoryWrappers.contains(fact.name),
               let path = fact.arguments.first.flatMap({ InjectionRecognizer.keyPathName($0.text) ?? staticFactory($0.text, recognizer) }) {
                found.resolve(.factory, api: InjectionRecognizer.wrapperAPI(fact), service: path)
                return true
            }
            guard fact.name == "InjectedType", let type = fact.type else { return false }
            // Factory's `Resolving` by type: an optional, nil when nothing registered it.
            found.resolve(.container, api: "@InjectedType", service: type, checkedAtRunTime: false)
            return true
        case .factory:
            found.register(.factory, api: "factory", service: fact.name, implementation: fact.implementation, type: fact.type)
            return true
        case .keyPathElement:
            // `\.processor1` in a collection a subscript resolves (`KeyPathCollections`).
            if recognizer.keyPathCollections.resolves(fact) { found.resolve(.factory, api: "factory", service: fact.name) }
            return true
        default:
            return false
        }
    }

    /// A call: resolving a factory (`x.resolve()`, a key path helper, `x()`), overriding one
    /// (`x.register { }`, `.onTest { }`), or `Resolving`'s calls by type.
    static func claimsCall(_ fact: InjectionFact, _ found: inout InjectionRecognition, _ recognizer: InjectionRecognizer) -> Bool {
        if fact.name == "resolve", fact.arguments.isEmpty, let receiver = fact.receiver, !isContainerItself(receiver),
           let property = receiver.split(separator: ".").last, property.first?.isLowercase == true {
            // `Container.shared.myService.resolve()`, as `myService()`.
            found.resolve(.factory, api: "factory", service: String(property))
        } else if fact.name == "resolve", fact.arguments.isEmpty, !fact.generic, let service = fact.type,
                  fact.key == "declared" || fact.key == "cast" {
            // `let service: MyServiceType? = container.resolve()`: by the declared type, an optional.
            // A container not recognised here is trusted only with a type written at the call.
            found.resolve(.container, api: "container", service: service, checkedAtRunTime: false)
        } else if InjectionNames.factoryOverrides.contains(fact.name), fact.key != "container", let property = plainProperty(fact.receiver),
                  recognizer.factory.factories.contains(property) {
            // `myService.register { }`, `self.myService.onArg("x") { }` inside a container
            // (not `c.register { }` on a container `c`).
            found.register(.factory, api: "factory", service: property, implementation: fact.implementation, kind: .override)
        } else if recognizer.factory.factoryResolvers.contains(fact.name),
                  let path = fact.arguments.first.flatMap({ InjectionRecognizer.keyPathName($0.text) }),
                  fact.arguments.dropFirst().allSatisfy({ $0.text == "{…}" }) {
            if fact.arguments.count == 1 {
                // `dependency(\.preferences)`, `container.resolve(\.myService)`: a helper or
                // method resolving a key path to a factory.
                found.resolve(.factory, api: "factory", service: path)
            } else {
                // `container.register(\.myService) { Mock() }`: one registering on it.
                found.register(.factory, api: "factory", service: path, implementation: fact.implementation, kind: .override)
            }
        } else if fact.name == "register", let service = fact.type ?? (fact.key == "container" ? fact.implementation : nil),
                  isContainerItself(fact.receiver) || fact.key == "container" {
            // `Resolving`: `container.register { MyService() as MyServiceType }`, or
            // `register { SimpleService() }` on a Factory container (the type it makes).
            found.register(.container, api: "factory-resolving", service: service, implementation: fact.implementation)
        } else {
            return claimsOverrideOrCall(fact, &found)
        }
        return true
    }

    /// `Container.shared.x.onTest { Mock() }`, an override on a factory; `x()`, a factory
    /// called, or with only a closure, overridden (`callAsFunction`).
    static func claimsOverrideOrCall(_ fact: InjectionFact, _ found: inout InjectionRecognition) -> Bool {
        if InjectionNames.factoryOverrides.contains(fact.name), let receiver = fact.receiver, !isContainerItself(receiver) {
            // On a container's factory, or on the factory a property defines.
            let property = receiver.hasSuffix("}")
                ? fact.within.map { found.file.facts.injections[$0] }.flatMap { $0.shape == .factory ? $0.name : nil }
                : receiver.split(separator: ".").last.map(String.init)
            guard let property else { return true }
            found.register(.factory, api: "factory", service: property, implementation: fact.implementation, kind: .override)
            return true
        }
        guard fact.name.first?.isLowercase == true else { return false }
        // `Container.shared.homeViewModel()`, through a container variable, or a factory
        // calling another.
        if fact.arguments.map(\.label) == ["{}"] {
            found.register(.factory, api: "factory", service: fact.name, implementation: fact.implementation, kind: .override)
        } else {
            found.resolve(.factory, api: "factory", service: fact.name)
        }
        return true
    }

    /// `myService` in `Container.myService` or `App.ServiceContainer.myService`: Factory 1.x's
    /// static factory itself, passed to a wrapper (`@Injected(Container.myService)`).
    static func staticFactory(_ text: String, _ recognizer: InjectionRecognizer) -> String? {
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        guard components.count >= 2, let last = components.last, recognizer.factory.factories.contains(String(last)),
              components.dropLast().allSatisfy({ $0.first?.isUppercase == true }) else { return nil }
        return String(last)
    }

    /// Whether a receiver is a container itself (`Container.shared`, `container`, `self`)
    /// rather than one of its factories (`Container.shared.myService`).
    static func isContainerItself(_ receiver: String?) -> Bool {
        guard let receiver else { return true }
        if receiver.hasSuffix("}") { return false }  // `self { Impl() }`, a factory being defined
        return receiver.hasSuffix(".shared") || !receiver.contains(".") || receiver.hasPrefix("self.") && receiver.dropFirst(5).allSatisfy { $0 != "." }
    }

    /// `x` in a receiver `x` or `self.x`.
    static func plainProperty(_ receiver: String?) -> String? {
        guard var receiver else { return nil }
        if receiver.hasPrefix("self.") { receiver.removeFirst(5) }
        return receiver.isEmpty || receiver.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) ? nil : receiver
    }
}
