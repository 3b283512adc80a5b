/// `strata.yml`'s `injection:` section: a team's own container vocabulary, next to the
/// built-in Swinject-style, Factory and swift-dependencies shapes.
///
/// ```yaml
/// injection:
///   register:
///     - call: regist(injectType:)   # method name and argument labels
///       key: injectId               # member of the registered type naming what it provides
///   resolve:
///     - call: load(for:)            # its first argument is the key
///   wrappers: [Injectable]          # property wrappers resolving their property's type
///   ignore: [ResponseCache]         # types wrongly recognised as containers by their shape
/// ```
public struct InjectionVocabulary: Hashable, Sendable {
    /// A call named by its signature, `regist(injectType:)`.
    public struct Call: Hashable, Sendable {
        public var name: String
        /// Argument labels, nil for `_`.
        public var labels: [String?]
        /// For registrations: the member (a typealias or a `static let`) of the registered type
        /// whose value is the key resolutions use. Nil: the registered type itself is the key.
        public var key: String?
        /// The entry's line in `strata.yml`.
        public var line: Int

        public init(name: String, labels: [String?], key: String? = nil, line: Int = 0) {
            self.name = name
            self.labels = labels
            self.key = key
            self.line = line
        }

        /// `regist(injectType:)` → name `regist`, labels `[injectType]`; nil when malformed.
        public init?(signature: String, key: String? = nil, line: Int = 0) {
            guard let open = signature.firstIndex(of: "("), signature.hasSuffix(")") else { return nil }
            let name = String(signature[..<open])
            let inner = signature[signature.index(after: open)..<signature.index(before: signature.endIndex)]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                  inner.isEmpty || inner.hasSuffix(":") else { return nil }
            let labels = inner.split(separator: ":", omittingEmptySubsequences: false).dropLast().map { label -> String? in
                label == "_" ? nil : String(label)
            }
            self.init(name: name, labels: labels, key: key, line: line)
        }

        public var signature: String {
            "\(name)(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
        }

        /// Whether a call has this name and these labels (a trailing closure aside).
        public func matches(_ fact: InjectionFact) -> Bool {
            fact.shape == .call && fact.name == name && fact.arguments.filter { $0.label != "{}" }.map(\.label) == labels
        }
    }

    public var registrations: [Call]
    public var resolutions: [Call]
    public var wrappers: [String]
    /// Types recognised as containers by their shape that are not (`ignore: [Cache]`).
    public var ignore: [String]

    public init(registrations: [Call] = [], resolutions: [Call] = [], wrappers: [String] = [], ignore: [String] = []) {
        self.registrations = registrations
        self.resolutions = resolutions
        self.wrappers = wrappers
        self.ignore = ignore
    }

    /// What the scanner must look for beyond the built-in names.
    public var names: InjectionNames {
        InjectionNames(calls: Set((registrations + resolutions).map(\.name)), wrappers: Set(wrappers))
    }
}

/// A service made available through a container: `register(LoginUseCase.self) { ... }`, a
/// Factory property, a swift-dependencies key, or a configured registration call.
public struct Registration: Hashable, Sendable, Codable, Comparable {
    /// `container` (Swinject-style `register`/`autoregister`), `factory`, `swift-dependencies`,
    /// or the configured call's signature (`regist(injectType:)`).
    public var api: String
    /// What resolutions ask for: a type (`LoginUseCase`), a Factory property or dependency
    /// key path name (`homeViewModel`), or a configured key (`InjectIdentifier.card`).
    public var service: String
    /// Swinject's `name:`, a literal or computed (`name: route.coordinatorName` in a loop over
    /// `Route.allCases` is one registration per name, at the same line).
    public var name: String?
    /// The type the factory constructs, when it can be read.
    public var implementation: String?
    /// The module declaring the implementation, when the repository does: where the DI graph
    /// draws it.
    public var implementationModule: String?
    /// The service's type when the key is a name rather than a type: Factory's `T`, a
    /// dependency value's type.
    public var type: String?
    /// `.inObjectScope(.container)`, Factory's `.singleton`, ...
    public var scope: String?
    public var module: String
    public var evidence: Location
    /// The services its factory resolves: the DI graph's edges out of this registration.
    public var resolves: [String]
    /// The name cannot be computed (`name: action.coordinatorString` of a parameter): it serves
    /// resolutions of its service whatever their name.
    public var dynamicName: Bool
    /// For a dynamic name, the part Strata could not bound (`action` is a parameter of type
    /// `String`); nil otherwise.
    public var unboundedName: String?
    /// A definition, or an override of one (Factory's `.register { }`, `.onTest { }`,
    /// `Container.shared.x { Mock() }`): shown apart, never serving a resolution nor a duplicate.
    public var kind: Kind
    /// swift-dependencies: the key's values and what each makes, `liveValue: LiveClient`,
    /// `testValue: MockClient`, `previewValue: ...`.
    public var values: [String]
    /// For a hand-written container's registration whose key none of the container's reads
    /// makes (`container-key-mismatch`): the read it misses. Such a registration serves no
    /// resolution.
    public var keyMismatch: KeyMismatch?

    public enum Kind: String, Hashable, Sendable, Codable {
        case definition, override
    }

    /// How a registration's key and a container's read differ.
    public struct KeyMismatch: Hashable, Sendable, Codable {
        /// The read's signature, `DIContainer.resolve()`.
        public var read: String
        /// Where the read is declared.
        public var readEvidence: Location
        /// The keys, as terms over the service: `String(describing:) of LogUseCase`,
        /// `String(describing:) of the metatype of LogUseCase`.
        public var registeredKey: String
        public var readKey: String

        public init(read: String, readEvidence: Location, registeredKey: String, readKey: String) {
            self.read = read
            self.readEvidence = readEvidence
            self.registeredKey = registeredKey
            self.readKey = readKey
        }
    }

    public init(
        api: String, service: String, name: String? = nil, implementation: String? = nil, type: String? = nil,
        scope: String? = nil, module: String, evidence: Location, resolves: [String] = [], dynamicName: Bool = false,
        kind: Kind = .definition, values: [String] = []
    ) {
        self.api = api
        self.service = service
        self.name = name
        self.implementation = implementation
        self.type = type
        self.scope = scope
        self.module = module
        self.evidence = evidence
        self.resolves = resolves
        self.dynamicName = dynamicName
        self.kind = kind
        self.values = values
    }

    public static func < (lhs: Registration, rhs: Registration) -> Bool {
        (lhs.evidence, lhs.service, lhs.name ?? "") < (rhs.evidence, rhs.service, rhs.name ?? "")
    }
}

/// A request to a container for a service: `resolve(X.self)`, `@Injected(\.x)`,
/// `Container.shared.x()`, `@Dependency(\.x)`, or a configured call or wrapper.
public struct Resolution: Hashable, Sendable, Codable, Comparable {
    /// As for `Registration`, or `@Wrapper` for a property wrapper.
    public var api: String
    public var service: String
    public var name: String?
    public var module: String
    public var evidence: Location
    /// The registrations it can get, by their evidence; empty for none.
    public var registrations: [Location]
    /// Whether a missing registration is a crash at run time (Swinject-style and configured
    /// containers), rather than a compile error (Factory, swift-dependencies).
    public var checkedAtRunTime: Bool
    /// The name cannot be computed (`name: action.coordinatorString` of a parameter): matched on
    /// the service type alone, and not checkable statically, so never reported as unregistered.
    public var dynamicName: Bool
    /// For a dynamic name, the part Strata could not bound; nil otherwise.
    public var unboundedName: String?

    public init(
        api: String, service: String, name: String? = nil, module: String, evidence: Location,
        registrations: [Location] = [], checkedAtRunTime: Bool, dynamicName: Bool = false
    ) {
        self.api = api
        self.service = service
        self.name = name
        self.module = module
        self.evidence = evidence
        self.registrations = registrations
        self.checkedAtRunTime = checkedAtRunTime
        self.dynamicName = dynamicName
    }

    public static func < (lhs: Resolution, rhs: Resolution) -> Bool {
        (lhs.evidence, lhs.service, lhs.name ?? "") < (rhs.evidence, rhs.service, rhs.name ?? "")
    }
}

/// A module that gets an implementation from another module through the container.
public struct InjectionEdge: Hashable, Sendable, Codable {
    /// The module that resolves (or whose registered implementation's factory resolves).
    public var from: ModuleID
    /// The module that declares the implementation it gets.
    public var to: ModuleID
    public var services: [String]
    /// No import or declared dependency joins the two modules: only the container does.
    public var containerOnly: Bool
    /// Every service is an abstraction `from` already depends on (declared in `from` or in a
    /// module it imports): dependency inversion, the container's purpose. Not flagged.
    public var inverted: Bool
    /// Why it is flagged: `layer` (a lower layer gets a higher layer's implementation),
    /// `cycle` (the edge closes a cycle of imports and container edges). Empty: not flagged.
    public var breaks: [String]
    /// The resolution sites.
    public var evidence: [Location]

    public init(
        from: ModuleID, to: ModuleID, services: [String], containerOnly: Bool, inverted: Bool, breaks: [String] = [],
        evidence: [Location]
    ) {
        self.from = from
        self.to = to
        self.services = services
        self.containerOnly = containerOnly
        self.inverted = inverted
        self.breaks = breaks
        self.evidence = evidence
    }

    private enum CodingKeys: String, CodingKey { case from, to, services, containerOnly, inverted, breaks, evidence }

    /// Its modules by name (`ModuleNames`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        from = try ModuleNames.decode(forKey: .from, in: container)
        to = try ModuleNames.decode(forKey: .to, in: container)
        services = try container.decode([String].self, forKey: .services)
        containerOnly = try container.decode(Bool.self, forKey: .containerOnly)
        inverted = try container.decode(Bool.self, forKey: .inverted)
        breaks = try container.decode([String].self, forKey: .breaks)
        evidence = try container.decode([Location].self, forKey: .evidence)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try ModuleNames.encode(from, forKey: .from, in: &container)
        try ModuleNames.encode(to, forKey: .to, in: &container)
        try container.encode(services, forKey: .services)
        try container.encode(containerOnly, forKey: .containerOnly)
        try container.encode(inverted, forKey: .inverted)
        try container.encode(breaks, forKey: .breaks)
        try container.encode(evidence, forKey: .evidence)
    }
}

/// A hand-written container recognised by its shape, with why, so that a user can check it
/// (and switch it off with `injection: ignore:` in `strata.yml`).
public struct InjectionContainer: Hashable, Sendable, Codable, Comparable {
    /// The type, `Container`, or for a container known only from its call sites, how they look.
    public var type: String
    /// Its registration and resolution methods and resolving property wrappers, as signatures:
    /// `register(type:)`, `resolve(_:)`, `@Injectable`.
    public var registers: [String]
    public var resolves: [String]
    public var wrappers: [String]
    /// What made it a container, in words.
    public var reason: String
    public var evidence: Location

    public init(type: String, registers: [String], resolves: [String], wrappers: [String] = [], reason: String, evidence: Location) {
        self.type = type
        self.registers = registers
        self.resolves = resolves
        self.wrappers = wrappers
        self.reason = reason
        self.evidence = evidence
    }

    public static func < (lhs: InjectionContainer, rhs: InjectionContainer) -> Bool {
        lhs.evidence != rhs.evidence ? lhs.evidence < rhs.evidence : lhs.type < rhs.type
    }
}

/// Everything the DI analysis found.
public struct InjectionReport: Hashable, Sendable, Codable {
    public var registrations: [Registration]
    public var resolutions: [Resolution]
    /// Registrations of the same service (and name) in two or more places, by evidence.
    public var duplicates: [[Location]]
    public var edges: [InjectionEdge]
    /// Resolutions in production modules that no registration serves and that fail at run
    /// time. Tests are left out: they resolve unregistered services on purpose.
    public var unregistered: [Resolution]
    /// The hand-written containers recognised by shape.
    public var containers: [InjectionContainer]
    /// Production resolutions under a name that cannot be computed, which fail at run time if
    /// unregistered: matched on the type alone, not checkable statically (notes).
    public var uncheckable: [Resolution]

    public init(
        registrations: [Registration] = [], resolutions: [Resolution] = [], duplicates: [[Location]] = [],
        edges: [InjectionEdge] = [], unregistered: [Resolution] = [], containers: [InjectionContainer] = [],
        uncheckable: [Resolution] = []
    ) {
        self.registrations = registrations
        self.resolutions = resolutions
        self.duplicates = duplicates
        self.edges = edges
        self.unregistered = unregistered
        self.containers = containers
        self.uncheckable = uncheckable
    }

    public static let empty = InjectionReport()
}

// `strata.json` files written before overrides, dynamic names, swift-dependencies values and
// recognised containers were reported still read (`strata diff` compares saved results):
// the fields added since default to empty.
extension Registration {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            api: try container.decode(String.self, forKey: .api), service: try container.decode(String.self, forKey: .service),
            name: try container.decodeIfPresent(String.self, forKey: .name),
            implementation: try container.decodeIfPresent(String.self, forKey: .implementation),
            type: try container.decodeIfPresent(String.self, forKey: .type), scope: try container.decodeIfPresent(String.self, forKey: .scope),
            module: try container.decode(String.self, forKey: .module), evidence: try container.decode(Location.self, forKey: .evidence),
            resolves: try container.decode([String].self, forKey: .resolves),
            dynamicName: try container.decodeIfPresent(Bool.self, forKey: .dynamicName) ?? false,
            kind: try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .definition,
            values: try container.decodeIfPresent([String].self, forKey: .values) ?? [])
        implementationModule = try container.decodeIfPresent(String.self, forKey: .implementationModule)
        unboundedName = try container.decodeIfPresent(String.self, forKey: .unboundedName)
    }
}

extension Resolution {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            api: try container.decode(String.self, forKey: .api), service: try container.decode(String.self, forKey: .service),
            name: try container.decodeIfPresent(String.self, forKey: .name), module: try container.decode(String.self, forKey: .module),
            evidence: try container.decode(Location.self, forKey: .evidence),
            registrations: try container.decode([Location].self, forKey: .registrations),
            checkedAtRunTime: try container.decode(Bool.self, forKey: .checkedAtRunTime),
            dynamicName: try container.decodeIfPresent(Bool.self, forKey: .dynamicName) ?? false)
        unboundedName = try container.decodeIfPresent(String.self, forKey: .unboundedName)
    }
}

extension InjectionReport {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            registrations: try container.decode([Registration].self, forKey: .registrations),
            resolutions: try container.decode([Resolution].self, forKey: .resolutions),
            duplicates: try container.decode([[Location]].self, forKey: .duplicates),
            edges: try container.decode([InjectionEdge].self, forKey: .edges),
            unregistered: try container.decode([Resolution].self, forKey: .unregistered),
            containers: try container.decodeIfPresent([InjectionContainer].self, forKey: .containers) ?? [],
            uncheckable: try container.decodeIfPresent([Resolution].self, forKey: .uncheckable) ?? [])
    }
}
