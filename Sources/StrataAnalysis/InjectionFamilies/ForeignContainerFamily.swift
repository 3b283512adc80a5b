import StrataModel

/// Containers whose source is elsewhere (a pod, a package of the team's own): a wrapper
/// declared nowhere here (`@Injectable var x: P`) resolves its property's type once a
/// `register(type: X.self)` registers a type providing P (P itself, a typealias member naming
/// P, or a conformance to P); and `register(interface: X.self, implement: { ... })`, a metatype
/// and the closure making it.
enum ForeignContainerFamily: InjectionFamily {
    static let definition = InjectionFamilyDefinition(
        id: "foreign-containers", title: "Containers declared elsewhere",
        summary: "`@Injectable var x: P` beside `register(type: Impl.self)`, and `register(interface: P.self, implement: { Impl() })`, of a container this repository does not declare",
        marks: ["Inject", "register"],
        triggers: [], passes: nil)

    static func claims(_ fact: InjectionFact, _ found: inout InjectionRecognition, _ recognizer: InjectionRecognizer) -> Bool {
        let foreign = recognizer.foreign
        switch fact.shape {
        case .call:
            if let registered = ForeignContainers.typeRegistration(fact) {
                let services = foreign.provides[registered, default: []].union([registered]).intersection(foreign.services).sorted()
                if !services.isEmpty {
                    // `Container.shared.register(type: LoginDependencyItem.self)` beside `@Injectable var x: LoginDependency`:
                    // every wrapped service the type provides, as the wrappers it confirms resolve them all.
                    for service in services {
                        found.register(.container, api: "register(\(fact.arguments[0].label ?? "_"):)", service: service, implementation: registered)
                    }
                    return true
                }
            }
            guard let metatype = ForeignContainers.closureRegistration(fact) else { return false }
            found.register(.container, api: "container", service: metatype, implementation: fact.implementation)
            return true
        case .wrapper:
            guard foreign.wrappers.contains(fact.name) && ForeignContainers.isForeignWrapper(fact), let type = fact.type else { return false }
            found.resolve(.container, api: "@" + fact.name, service: type)
            return true
        default:
            return false
        }
    }
}

/// The wrappers of containers declared elsewhere, confirmed by a registration of a type
/// providing what they wrap, and the types they wrap.
struct ForeignContainers {
    let wrappers: Set<String>
    let services: Set<String>
    /// Type → what it provides: itself, its typealias members' values, its conformances.
    let provides: [String: Set<String>]

    init(files: [SourceFile], vocabulary: InjectionVocabulary) {
        var declared: Set<String> = [], wrapped: [String: Set<String>] = [:], provides: [String: Set<String>] = [:]
        for file in files {
            for fact in file.facts.injections {
                if fact.shape == .propertyWrapper { declared.insert(fact.name) }
                if fact.shape == .wrapper, Self.isForeignWrapper(fact), let type = fact.type { wrapped[fact.name, default: []].insert(type) }
            }
        }
        wrapped = wrapped.filter { !declared.contains($0.key) && !vocabulary.wrappers.contains($0.key) }
        // Without a foreign wrapper, nothing is served: what types provide is not asked.
        guard !wrapped.isEmpty else {
            (wrappers, services, self.provides) = ([], [], [:])
            return
        }
        for file in files {
            let declarations = file.facts.declarations  // by index: read field by field, never copied whole
            for index in declarations.indices {
                if declarations[index].kind == .typealias, let parent = declarations[index].parent, let value = declarations[index].value {
                    provides[parent, default: []].insert(value)
                } else if declarations[index].kind.isType {
                    let name = declarations[index].name
                    provides[name, default: [name]].formUnion(declarations[index].inherits)
                }
            }
        }
        let confirmed = Self.confirmed(wrapped, files: files, provides: provides)
        wrappers = confirmed
        services = Set(wrapped.filter { confirmed.contains($0.key) }.values.joined())
        self.provides = provides
    }

    /// The wrappers a registration confirms: one of a type providing what they wrap.
    private static func confirmed(_ wrapped: [String: Set<String>], files: [SourceFile], provides: [String: Set<String>]) -> Set<String> {
        let wrappedTypes = Set(wrapped.values.joined())
        var confirmed: Set<String> = []
        for file in files {
            for fact in file.facts.injections {
                guard let registered = typeRegistration(fact) ?? closureRegistration(fact) else { continue }
                let served = provides[registered, default: [registered]].union([registered]).intersection(wrappedTypes)
                confirmed.formUnion(wrapped.filter { !$0.value.isDisjoint(with: served) }.keys)
            }
        }
        return confirmed
    }

    /// `@Injectable var x: P?` or `@Injected var x: P` (no key path): a wrapper resolving by type.
    static func isForeignWrapper(_ fact: InjectionFact) -> Bool {
        fact.shape == .wrapper && fact.name.hasPrefix("Inject") && fact.name != "InjectedType"
            && !(fact.arguments.first?.text.hasPrefix("\\") ?? false)
    }

    /// `X` in `register(X.self) { ... }`, `register(interface: X.self, implement: { ... })`,
    /// `register(X.self, scope: .singleton) { ... }`: a metatype first, then one closure making
    /// it, and labelled options. What registers a service for the family and what confirms a
    /// wrapper are one rule: a wrapper confirmed by a registration the family did not record
    /// made every resolution of it unregistered.
    static func closureRegistration(_ fact: InjectionFact) -> String? {
        guard fact.shape == .call, fact.name == "register", !fact.generic, let metatype = fact.arguments.first?.metatype else { return nil }
        let rest = fact.arguments.dropFirst()
        guard rest.filter({ $0.text == "{…}" }).count == 1, rest.allSatisfy({ $0.text == "{…}" || $0.label != nil }) else { return nil }
        return metatype
    }

    /// `X` in `register(type: X.self)`: one labelled metatype, nothing providing a value.
    static func typeRegistration(_ fact: InjectionFact) -> String? {
        guard fact.shape == .call, fact.name == "register", !fact.generic, fact.arguments.count == 1,
              let only = fact.arguments.first, only.label != nil, only.label != "{}" else { return nil }
        return only.metatype
    }
}
