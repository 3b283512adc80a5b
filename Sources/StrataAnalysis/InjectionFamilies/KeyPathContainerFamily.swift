import StrataModel

/// Hand-written containers resolving key paths to their own properties
/// (`container.resolve(\.service1)`, `container.register(\.service1) { Mock() }`), recognised
/// by their declarations (`InjectionContainers`); with the property as the default, each
/// property is a registration (`InjectionFact.Shape.keyPathDefault`).
enum KeyPathContainerFamily: InjectionFamily {
    static let definition = InjectionFamilyDefinition(
        id: "key-path-containers", title: "Containers keyed by key paths",
        summary: "a container storing into a dictionary keyed by a key path to one of its properties, and reading it back, perhaps falling back on the property",
        marks: ["register", "resolve", "[keyPath:"],
        triggers: ["keypath-container-defaults/class-body"],
        passes: "swinject-named-and-assembly/literal-names")

    static func claims(_ fact: InjectionFact, _ found: inout InjectionRecognition, _ recognizer: InjectionRecognizer) -> Bool {
        let containers = recognizer.containers
        switch fact.shape {
        case .call:
            if let (method, key) = containers.store(fact), method.byKeyPath, recognizer.keyPathContainerServes(key) {
                // `container.register(\.service3) { Mock() }`: with the property as the default,
                // it replaces it.
                guard let property = method.service(fact, key: key) else { return true }
                found.register(
                    .keyPath, api: "\(method.container).\(method.signature)", service: property, implementation: fact.implementation,
                    kind: containers.hasDefaults(method.container) ? .override : .definition)
                return true
            }
            guard let (method, key) = containers.read(fact), method.byKeyPath, recognizer.keyPathContainerServes(key) else { return false }
            guard let property = method.service(fact, key: key) else { return true }
            // With the property as the default, every key path resolves.
            found.resolve(
                .keyPath, api: "\(method.container).\(method.signature)", service: property,
                checkedAtRunTime: !containers.hasDefaults(method.container))
            return true
        case .keyPathDefault:
            // A property of a container keyed by key paths that falls back on it.
            guard let context = fact.context, containers.hasDefaults(DeclarationFact.simpleName(context)) else { return true }
            found.register(
                .keyPath, api: "\(DeclarationFact.simpleName(context)).\(fact.name)", service: fact.name,
                implementation: fact.implementation, type: fact.type)
            return true
        default:
            return false
        }
    }
}
