import StrataModel

/// Decides what each piece of scanned injection syntax registers or resolves.
///
/// The rule for calls named `register`, `autoregister` and `resolve`, which many non-container
/// types also have (UIKit's `register(_:forCellReuseIdentifier:)`, SwiftNIO's
/// `Channel.register()`): it is container syntax only when its first argument is an unlabeled
/// metatype `X.self` naming no generic parameter, and
/// - a registration also hands over a factory: a closure (trailing or `factory:`) or
///   `initializer:`, and has no other labels than `name:`, `factory:` and `initializer:`;
/// - a resolution has no other labels than `name:`, `argument:`, `arguments:` and `arg1:`...
/// The receiver is not consulted: containers are reached through any name (`container`,
/// `resolver`, `DIContainer.shared`), and the argument shapes already exclude the rest.
/// Configured calls (`injection:` in `strata.yml`) match by name and labels exactly.
struct InjectionRecognizer {
    /// Which namespace a key lives in: registrations only serve resolutions of their family.
    enum Family: String {
        /// Swinject-style and configured containers, keyed by type or configured key.
        case container
        /// Factory properties, keyed by property name.
        case factory
        /// swift-dependencies, keyed by key path name or key type.
        case dependencies
        /// Containers resolving key paths to their own properties, keyed by property name.
        case keyPath
    }

    struct Recognized<Value> {
        var value: Value
        var family: Family
        /// The index, in the same file's injection facts, of the fact it came from.
        var fact: Int
    }

    let vocabulary: InjectionVocabulary
    /// The hand-written containers recognised by shape.
    let containers: InjectionContainers
    /// `Type.member` → value, for configured registration keys (`ManagementCardItem.injectId`)
    /// and the members containers key by (`LoginDependencyItem.Interface`).
    let members: [String: String]

    static let registrationLabels: Set<String?> = [nil, "name", "factory", "initializer", "{}"]

    /// Computes names that are not literals; nil when no call names one (most repositories),
    /// so the values of every file are not indexed for nothing.
    let evaluator: NameEvaluator?

    init(vocabulary: InjectionVocabulary, sources: [String: [SourceFile]]) {
        self.vocabulary = vocabulary
        let computes = sources.values.joined().contains { $0.facts.injections.contains { $0.computedName != nil } }
        evaluator = computes
            ? NameEvaluator(
                facts: sources.values.joined().flatMap(\.facts.values),
                types: sources.values.joined().flatMap { file in
                    file.facts.declarations.lazy.filter { $0.kind.isType || $0.kind == .extension }.map(\.qualifiedName)
                })
            : nil
        containers = InjectionContainers(sources: sources, ignore: Set(vocabulary.ignore))
        var members: [String: String] = [:]
        let keys = Set(vocabulary.registrations.compactMap(\.key)).union(containers.stores.compactMap(\.member))
        if !keys.isEmpty {
            for file in sources.values.joined() {
                for declaration in file.facts.declarations where keys.contains(declaration.name) {
                    // By the type's own name and by its qualified one (`CardFeature.Entry.CardItem`).
                    if let parent = declaration.parent, let value = declaration.value {
                        members["\(parent).\(declaration.name)"] = value
                        if let scope = declaration.scope { members["\(scope).\(declaration.name)"] = value }
                    }
                }
            }
        }
        self.members = members
        // swift-dependencies: one registration per dependency, with its key's values.
        var owners: [String: String] = [:], values: [String: [String]] = [:], first: [String: Location] = [:]
        for file in sources.values.joined() {
            for fact in file.facts.injections {
                if fact.shape == .dependencyValue, let key = fact.implementation { owners[key] = fact.name }
                guard fact.shape == .dependencyKey else { continue }
                values[fact.name, default: []] += fact.arguments.map { "\($0.label ?? ""): \($0.text)" }
                let evidence = Location(file: file.path, line: fact.line)
                first[fact.name] = min(first[fact.name] ?? evidence, evidence)
            }
        }
        let order = ["liveValue", "testValue", "previewValue"]
        // A key written relative to where it is read (`Keys.Live` for `AudioClient.Keys.Live`).
        for (written, owner) in owners {
            if let key = Self.qualifiedKey(written, among: values.keys), key != written { owners[key] = owner }
        }
        keyOwners = owners
        keyValues = values.mapValues { values in
            Array(Set(values)).sorted { (order.firstIndex(of: String($0.prefix { $0 != ":" })) ?? 3, $0) < (order.firstIndex(of: String($1.prefix { $0 != ":" })) ?? 3, $1) }
        }
        keyEvidence = first

        // Containers whose source is elsewhere (a pod, a package of the team's own): a wrapper
        // declared nowhere here (`@Injectable var x: P`) and a `register(type: X.self)` of a
        // type providing P (P itself, a typealias member naming P, or a conformance to P).
        var declared: Set<String> = [], wrapped: [String: Set<String>] = [:], provides: [String: Set<String>] = [:]
        for file in sources.values.joined() {
            for declaration in file.facts.declarations {
                if declaration.kind == .typealias, let parent = declaration.parent, let value = declaration.value {
                    provides[parent, default: []].insert(value)
                } else if declaration.kind.isType {
                    provides[declaration.name, default: [declaration.name]].formUnion(declaration.inherits)
                }
            }
            for fact in file.facts.injections {
                if fact.shape == .propertyWrapper { declared.insert(fact.name) }
                if fact.shape == .wrapper, Self.isForeignWrapper(fact), let type = fact.type { wrapped[fact.name, default: []].insert(type) }
            }
        }
        wrapped = wrapped.filter { !declared.contains($0.key) && !vocabulary.wrappers.contains($0.key) }
        let wrappedTypes = Set(wrapped.values.joined())
        var confirmed: Set<String> = []
        for file in sources.values.joined() {
            for fact in file.facts.injections {
                let registered: String
                if let type = Self.typeRegistration(fact) {
                    registered = type
                } else if fact.shape == .call, fact.name == "register", !fact.generic, let type = fact.arguments.first?.metatype,
                          fact.arguments.contains(where: { $0.text == "{…}" }) {
                    registered = type  // `register(X.self) { ... }`, `register(interface: X.self, implement: { ... })`
                } else {
                    continue
                }
                let served = provides[registered, default: [registered]].union([registered]).intersection(wrappedTypes)
                confirmed.formUnion(wrapped.filter { !$0.value.isDisjoint(with: served) }.keys)
            }
        }
        factory = FactoryContainers.names(in: sources.values.joined().map(\.facts))
        keyPathCollections = KeyPathCollections(files: sources.values.joined())
        keyPathProperties = Set(sources.values.joined().flatMap { $0.facts.injections.filter { $0.shape == .keyPathDefault }.map(\.name) })
        foreignWrappers = confirmed
        foreignServices = Set(wrapped.filter { confirmed.contains($0.key) }.values.joined())
        self.provides = provides
    }

    /// Factory's properties, containers and resolving helpers, from the symbol index.
    let factory: InjectionNames
    /// The collections of key paths to factories that a subscript resolves.
    let keyPathCollections: KeyPathCollections
    /// The properties of containers resolving key paths with defaults.
    let keyPathProperties: Set<String>

    /// Whether a call of a container keyed by key paths names one of its properties, and not a
    /// factory that another method of the same name resolves (`resolve(\.myService)` of a
    /// container of factories beside it).
    func keyPathContainerServes(_ key: InjectionFact.Argument) -> Bool {
        guard let property = Self.keyPathName(key.text) else { return false }
        return keyPathProperties.contains(property) || !factory.factories.contains(property)
    }

    /// Wrappers of a container whose source is not here, confirmed by a registration of a
    /// type providing what they wrap; and the types they wrap.
    let foreignWrappers: Set<String>
    let foreignServices: Set<String>
    /// Type → what it provides: itself, its typealias members' values, its conformances.
    let provides: [String: Set<String>]

    /// `@Injectable var x: P?` or `@Injected var x: P` (no key path): a wrapper resolving by type.
    static func isForeignWrapper(_ fact: InjectionFact) -> Bool {
        fact.shape == .wrapper && fact.name.hasPrefix("Inject") && fact.name != "InjectedType"
            && !(fact.arguments.first?.text.hasPrefix("\\") ?? false)
    }

    /// `X` in `register(type: X.self)`: one labelled metatype, nothing providing a value.
    static func typeRegistration(_ fact: InjectionFact) -> String? {
        guard fact.shape == .call, fact.name == "register", !fact.generic, fact.arguments.count == 1,
              let only = fact.arguments.first, only.label != nil, only.label != "{}" else { return nil }
        return only.metatype
    }

    /// swift-dependencies: key type → the `DependencyValues` property reading it.
    let keyOwners: [String: String]
    /// Key type → its values (`liveValue: LiveClient`), over all its conformances.
    let keyValues: [String: [String]]
    /// Key type → its first conformance, which stands for the key when no property reads it.
    let keyEvidence: [String: Location]

    /// The key a `self[Key.self]` names, qualified (`Keys.Live` → `AudioClient.Keys.Live`).
    func key(_ written: String?) -> String? {
        written.map { Self.qualifiedKey($0, among: keyValues.keys) ?? $0 }
    }

    /// `written` itself when it is one of `keys`, else the only key it is the end of; nil for none.
    static func qualifiedKey(_ written: String, among keys: some Collection<String>) -> String? {
        if keys.contains(written) { return written }
        let matches = keys.filter { $0.hasSuffix("." + written) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// What a swift-dependencies registration makes: its `liveValue`'s type.
    func liveImplementation(_ key: String?) -> String? {
        self.key(key).flatMap { keyValues[$0] }?.first { $0.hasPrefix("liveValue: ") }.map { String($0.dropFirst("liveValue: ".count)) }
    }

    /// The registrations and resolutions of one file.
    func recognize(_ file: SourceFile, module: String) -> (registrations: [Recognized<Registration>], resolutions: [Recognized<Resolution>]) {
        var registrations: [Recognized<Registration>] = []
        var resolutions: [Recognized<Resolution>] = []
        for (index, fact) in file.facts.injections.enumerated() {
            let evidence = Location(file: file.path, line: fact.line)
            let named = name(fact)
            // A name computed to several strings (a registration in a loop) is one entry per name.
            func register(
                _ family: Family, api: String, service: String, implementation: String?, type: String? = nil,
                kind: Registration.Kind = .definition, values: [String] = [], keyMismatch: Registration.KeyMismatch? = nil
            ) {
                for name in named.names {
                    var registration = Registration(
                        api: api, service: service, name: name, implementation: implementation, type: type,
                        scope: fact.scope, module: module, evidence: evidence, dynamicName: named.dynamic, kind: kind, values: values)
                    registration.unboundedName = named.unbounded
                    registration.keyMismatch = keyMismatch
                    registrations.append(Recognized(value: registration, family: family, fact: index))
                }
            }
            func resolve(_ family: Family, api: String, service: String, checkedAtRunTime: Bool? = nil) {
                for name in named.names {
                    var resolution = Resolution(
                        api: api, service: service, name: name, module: module, evidence: evidence,
                        checkedAtRunTime: checkedAtRunTime ?? (family == .container), dynamicName: named.dynamic)
                    resolution.unboundedName = named.unbounded
                    resolutions.append(Recognized(value: resolution, family: family, fact: index))
                }
            }
            switch fact.shape {
            case .call:
                let metatype = fact.generic ? nil : fact.arguments.first.flatMap { $0.label == nil ? $0.metatype : nil }
                let labels = Set(fact.arguments.dropFirst().map(\.label))
                if let call = vocabulary.registrations.first(where: { $0.matches(fact) }) {
                    guard let registered = fact.generic ? nil : fact.arguments.lazy.compactMap(\.metatype).first else { continue }
                    let service = call.key.map { member(registered, $0) ?? "\(registered).\($0)" } ?? registered
                    register(.container, api: call.signature, service: service, implementation: fact.implementation ?? DeclarationFact.simpleName(registered))
                } else if let call = vocabulary.resolutions.first(where: { $0.matches(fact) }) {
                    guard !fact.generic, let key = fact.arguments.first else { continue }
                    // `load(for: CardItem.injectId)`: the key's value, as its registration names it.
                    let written = key.metatype ?? key.text
                    let member = written.lastIndex(of: ".").flatMap { dot in
                        self.member(String(written[..<dot]), String(written[written.index(after: dot)...]))
                    }
                    resolve(.container, api: call.signature, service: member ?? written)
                } else if let (method, key) = containers.store(fact), method.byKeyPath, keyPathContainerServes(key) {
                    // `container.register(\.service3) { Mock() }`: with the property as the default,
                    // it replaces it.
                    guard let property = method.service(fact, key: key) else { continue }
                    register(
                        .keyPath, api: "\(method.container).\(method.signature)", service: property, implementation: fact.implementation,
                        kind: containers.hasDefaults(method.container) ? .override : .definition)
                } else if let (method, key) = containers.read(fact), method.byKeyPath, keyPathContainerServes(key) {
                    guard let property = method.service(fact, key: key) else { continue }
                    // With the property as the default, every key path resolves.
                    resolve(
                        .keyPath, api: "\(method.container).\(method.signature)", service: property,
                        checkedAtRunTime: !containers.hasDefaults(method.container))
                } else if let (method, key) = containers.store(fact), !method.byKeyPath {
                    guard !fact.generic, let registered = method.service(fact, key: key) else { continue }
                    let service = method.member.map { members["\(registered).\($0)"] ?? "\(registered).\($0)" } ?? registered
                    let mismatch = containers.keyMismatch(method, key: key, service: service)
                    register(
                        .container, api: "\(method.container).\(method.signature)", service: service,
                        // Registering a type keyed by its member registers that type as the implementation.
                        implementation: fact.implementation ?? (method.member == nil ? nil : registered), keyMismatch: mismatch)
                } else if let (method, key) = containers.read(fact), !method.byKeyPath {
                    guard !fact.generic else { continue }
                    let service = method.key == "type" ? key.metatype : key.text
                    guard let service else { continue }
                    resolve(.container, api: "\(method.container).\(method.signature)", service: service)
                } else if fact.name == "register" || fact.name == "autoregister", let metatype,
                          labels.isSubset(of: Self.registrationLabels),
                          labels.contains("{}") || labels.contains("factory") || labels.contains("initializer") {
                    let initializer = fact.arguments.first { $0.label == "initializer" }?.text
                    let implementation = fact.implementation ?? initializer.map { $0.hasSuffix(".init") ? String($0.dropLast(5)) : $0 }
                    register(.container, api: "container", service: metatype, implementation: implementation)
                } else if fact.name == "resolve", let metatype, Self.areResolutionLabels(fact.arguments.dropFirst().map(\.label)) {
                    resolve(.container, api: "container", service: metatype)
                } else if let registered = Self.typeRegistration(fact),
                          let service = provides[registered, default: []].union([registered]).intersection(foreignServices).sorted().first {
                    // `Container.shared.register(type: LoginDependencyItem.self)` beside `@Injectable var x: LoginDependency`.
                    register(.container, api: "register(\(fact.arguments[0].label ?? "_"):)", service: service, implementation: registered)
                } else if fact.name == "register", let metatype = fact.arguments.first?.metatype, !fact.generic,
                          fact.arguments.dropFirst().filter({ $0.text == "{…}" }).count == 1,
                          fact.arguments.dropFirst().allSatisfy({ $0.text == "{…}" || $0.label == "name" }) {
                    // `container.register(interface: X.self, implement: { ... })`: a metatype and the closure making it.
                    register(.container, api: "container", service: metatype, implementation: fact.implementation)
                } else if fact.name == "resolve", fact.arguments.isEmpty, let receiver = fact.receiver, !Self.isContainerItself(receiver),
                          let property = receiver.split(separator: ".").last, property.first?.isLowercase == true {
                    // Factory: `Container.shared.myService.resolve()`, as `myService()`.
                    resolve(.factory, api: "factory", service: String(property))
                } else if fact.name == "resolve", fact.arguments.isEmpty, !fact.generic, let service = fact.type,
                          fact.key == "declared" || fact.key == "cast" {
                    // `let service: MyServiceType? = container.resolve()`: by the declared type, an optional.
                    // A container not recognised here is trusted only with a type written at the call.
                    resolve(.container, api: "container", service: service, checkedAtRunTime: false)
                } else if InjectionNames.factoryOverrides.contains(fact.name), fact.key != "container", let property = Self.plainProperty(fact.receiver),
                          factory.factories.contains(property) {
                    // `myService.register { }`, `self.myService.onArg("x") { }` inside a container
                    // (not `c.register { }` on a container `c`).
                    register(.factory, api: "factory", service: property, implementation: fact.implementation, kind: .override)
                } else if factory.factoryResolvers.contains(fact.name), let path = fact.arguments.first.flatMap({ Self.keyPathName($0.text) }),
                          fact.arguments.dropFirst().allSatisfy({ $0.text == "{…}" }) {
                    if fact.arguments.count == 1 {
                        // `dependency(\.preferences)`, `container.resolve(\.myService)`: a helper or
                        // method resolving a key path to a factory.
                        resolve(.factory, api: "factory", service: path)
                    } else {
                        // `container.register(\.myService) { Mock() }`: one registering on it.
                        register(.factory, api: "factory", service: path, implementation: fact.implementation, kind: .override)
                    }
                } else if fact.name == "register", let service = fact.type ?? (fact.key == "container" ? fact.implementation : nil),
                          Self.isContainerItself(fact.receiver) || fact.key == "container" {
                    // Factory's `Resolving`: `container.register { MyService() as MyServiceType }`,
                    // or `register { SimpleService() }` on a Factory container (the type it makes).
                    register(.container, api: "factory-resolving", service: service, implementation: fact.implementation)
                } else if InjectionNames.factoryOverrides.contains(fact.name), let receiver = fact.receiver, !Self.isContainerItself(receiver) {
                    // `Container.shared.x.onTest { Mock() }`, or on the factory a property defines.
                    let property = receiver.hasSuffix("}")
                        ? fact.within.map { file.facts.injections[$0] }.flatMap { $0.shape == .factory ? $0.name : nil }
                        : receiver.split(separator: ".").last.map(String.init)
                    guard let property else { continue }
                    register(.factory, api: "factory", service: property, implementation: fact.implementation, kind: .override)
                } else if fact.name.first?.isLowercase == true {
                    // Factory: `Container.shared.homeViewModel()`, through a container variable, or
                    // a factory calling another; with only a closure, an override (callAsFunction).
                    if fact.arguments.map(\.label) == ["{}"] {
                        register(.factory, api: "factory", service: fact.name, implementation: fact.implementation, kind: .override)
                    } else {
                        resolve(.factory, api: "factory", service: fact.name)
                    }
                }
            case .wrapper:
                let key = fact.arguments.first
                // A wrapper of the repository's own resolves by type; with a key path it is Factory's.
                let ownWrapper = containers.resolvesThroughWrapper(fact.name) && key.map { Self.keyPathName($0.text) == nil } ?? true
                if vocabulary.wrappers.contains(fact.name) || ownWrapper
                    || foreignWrappers.contains(fact.name) && Self.isForeignWrapper(fact), let type = fact.type {
                    resolve(.container, api: "@" + fact.name, service: type)
                } else if InjectionNames.factoryWrappers.contains(fact.name), let path = key.flatMap({ Self.keyPathName($0.text) }) {
                    resolve(.factory, api: Self.wrapperAPI(fact), service: path)
                } else if fact.name == "Dependency", let key {
                    let service = key.metatype.map { keyOwners[$0] ?? $0 } ?? Self.keyPathName(key.text) ?? key.text
                    resolve(.dependencies, api: Self.wrapperAPI(fact), service: service)
                } else if fact.name == "InjectedType", let type = fact.type {
                    // Factory's `Resolving` by type: an optional, nil when nothing registered it.
                    resolve(.container, api: "@InjectedType", service: type, checkedAtRunTime: false)
                }
            case .factory:
                register(.factory, api: "factory", service: fact.name, implementation: fact.implementation, type: fact.type)
            case .dependencyValue:
                // `@DependencyEntry var x = ...` carries its values; a property reads its key's.
                let entry = fact.arguments.map { "\($0.label ?? ""): \($0.text)" }
                register(
                    .dependencies, api: "swift-dependencies", service: fact.name,
                    implementation: fact.arguments.first { $0.label == "liveValue" }?.text ?? liveImplementation(fact.implementation),
                    type: fact.type, values: entry.isEmpty ? key(fact.implementation).flatMap { keyValues[$0] } ?? [] : entry)
            case .dependencyKey:
                // A key no `DependencyValues` property reads is a dependency of its own
                // (`@Dependency(Key.self)`), once however many conformances it has.
                guard keyOwners[fact.name] == nil, keyEvidence[fact.name] == evidence else { continue }
                register(
                    .dependencies, api: "swift-dependencies", service: fact.name, implementation: liveImplementation(fact.name),
                    type: fact.type, values: keyValues[fact.name] ?? [])
            case .keyPathElement:
                // `\.processor1` in a collection a subscript resolves (`KeyPathCollections`).
                guard keyPathCollections.resolves(fact) else { continue }
                resolve(.factory, api: "factory", service: fact.name)
            case .keyPathDefault:
                // A property of a container keyed by key paths that falls back on it.
                guard let context = fact.context, containers.hasDefaults(DeclarationFact.simpleName(context)) else { continue }
                register(.keyPath, api: "\(DeclarationFact.simpleName(context)).\(fact.name)", service: fact.name,
                         implementation: fact.implementation, type: fact.type)
            case .store, .read, .propertyWrapper, .keyPathSubscript:
                break  // containers' declarations: `InjectionContainers`; subscripts: `KeyPathCollections`
            }
        }
        return (registrations, resolutions)
    }


    /// `@Injected`, or `Injected(_:)` for a wrapper made by a call (`Injected(\.x).wrappedValue`).
    static func wrapperAPI(_ fact: InjectionFact) -> String {
        fact.key == "init" ? fact.name + "(_:)" : "@" + fact.name
    }

    /// Whether a receiver is a container itself (`Container.shared`, `container`, `self`)
    /// rather than one of its factories (`Container.shared.myService`).
    static func isContainerItself(_ receiver: String?) -> Bool {
        guard let receiver else { return true }
        if receiver.hasSuffix("}") { return false }  // `self { Impl() }`, a factory being defined
        return receiver.hasSuffix(".shared") || !receiver.contains(".") || receiver.hasPrefix("self.") && receiver.dropFirst(5).allSatisfy { $0 != "." }
    }

    /// The value of a type's key member (`CardItem.injectId` → `InjectIdentifier.card`), the type
    /// named as written or by its own name.
    func member(_ type: String, _ name: String) -> String? {
        members["\(type).\(name)"] ?? members["\(DeclarationFact.simpleName(type)).\(name)"]
    }

    /// `x` in a receiver `x` or `self.x`.
    static func plainProperty(_ receiver: String?) -> String? {
        guard var receiver else { return nil }
        if receiver.hasPrefix("self.") { receiver.removeFirst(5) }
        return receiver.isEmpty || receiver.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) ? nil : receiver
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

    /// The most names one call is expanded to; a name with more possible values is dynamic.
    static let maximumNames = 64

    /// A call's `name:`: a string literal's content (`"MainCoordinator"` → `MainCoordinator`),
    /// the strings an expression of known values computes to (`route.coordinatorName` over
    /// `Route.allCases`), or dynamic when it cannot be computed (`action.coordinatorString` of
    /// a parameter), which no scan can check. `[nil]`: no name.
    func name(_ fact: InjectionFact) -> (names: [String?], dynamic: Bool, unbounded: String?) {
        guard fact.shape == .call, let text = fact.arguments.first(where: { $0.label == "name" })?.text else { return ([nil], false, nil) }
        if let expression = fact.computedName {
            guard let evaluator else { return ([nil], true, "\(text) is not computable") }
            let computed = evaluator.names(expression)
            guard let names = computed.strings, !names.isEmpty else {
                return ([nil], true, computed.unbounded ?? "\(text) has no value")
            }
            guard names.count <= Self.maximumNames else { return ([nil], true, "\(text) has more than \(Self.maximumNames) names") }
            return (names, false, nil)
        }
        let isLiteral = text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") && !text.contains("\\(")
        return isLiteral ? ([String(text.dropFirst().dropLast())], false, nil) : ([nil], true, "\(text) is not computable")
    }

    /// `\.homeViewModel`, `\Container.homeViewModel` or `\DI.Container.homeViewModel` →
    /// `homeViewModel`; `\.date.now` → `date`.
    static func keyPathName(_ text: String) -> String? {
        guard text.hasPrefix("\\") else { return nil }
        var components = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)[...]
        // The root, empty or a type, qualified or not: `\.x`, `\Container.x`, `\DI.Container.x`.
        if components.first?.isEmpty == true {
            components.removeFirst()
        } else {
            while components.first?.first?.isUppercase == true { components.removeFirst() }
        }
        guard let first = components.first, !first.isEmpty else { return nil }
        return String(first)
    }
}
