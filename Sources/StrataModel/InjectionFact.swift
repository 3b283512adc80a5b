/// One piece of dependency-injection syntax in a file, as written.
///
/// The scanner records shapes only (a call with its arguments, a wrapped property, a Factory
/// property, a swift-dependencies key); the analysis decides what each one registers or
/// resolves, so that its rules live in one place and the cache stays a function of the bytes
/// and the configured names.
public struct InjectionFact: Hashable, Sendable, Codable {
    public enum Shape: String, Hashable, Sendable, Codable, CaseIterable {
        /// `receiver.name(arguments)` whose name is a registration or resolution call
        /// (`register`, `resolve`, `autoregister`, or one configured in `strata.yml`), or a
        /// Factory consumer call `Container.shared.name()`.
        case call
        /// `@Name(arguments) var property: Type`, for `@Injected`-style property wrappers.
        case wrapper
        /// `var name: Factory<Type> { ... }` (or `ParameterFactory`) in an extension, or Factory
        /// 1.x's `static let name = Factory<Type> { ... }` (`type` nil when nothing says it).
        case factory
        /// A type conforming to `DependencyKey` or `TestDependencyKey` (swift-dependencies).
        case dependencyKey
        /// `var name: Type` in `extension DependencyValues`.
        case dependencyValue
        /// A method of a type that stores into one of the type's dictionary properties under a
        /// key made from a parameter: `factories[ObjectIdentifier(T.self)] = factory`. The
        /// parameters are its `arguments` (label, type), `receiver` the dictionary, `key` how
        /// the key is made (see `key`). What a hand-written container's registration looks like.
        case store
        /// A method reading a dictionary property back under a key made from a parameter, with
        /// its return type as `type`: a hand-written container's resolution.
        case read
        /// A `@propertyWrapper` type declared here, by `name`.
        case propertyWrapper
        /// A property of a container that resolves key paths to its own properties, falling
        /// back on the property itself (`var service1: P { Impl() }` in `extension
        /// SimpleContainer`, whose `resolve(\.service1)` returns it when nothing is registered):
        /// `name` the property, `type` its declared type, `implementation` what it makes. Only in
        /// the types `InjectionNames.keyPathContainers` names.
        case keyPathDefault
        /// A key path to a Factory property kept in a collection a property or local holds
        /// (`static let processors = [Tag(path: \.processor1, priority: 20)]`): `name` the
        /// factory, `receiver` the collection, `arguments` one argument, the key path as written
        /// under the label it is passed with in the element (`path`), or unlabelled.
        case keyPathElement
        /// A factory resolved by subscript over such a collection (`Container.processors.map {
        /// self[keyPath: $0.path]() }`, `for tag in tags { Container.shared[keyPath: tag.path]() }`):
        /// `receiver` the collection's name, `name` the member of the element read (`path`), or
        /// empty when the element is the key path.
        case keyPathSubscript
        /// A function making a dictionary key of its one parameter (`static func key(_ type:
        /// Any.Type) -> String { String(describing: type) }`): `name` the function, `context` its
        /// type (nil at top level), `keyTerm` the key as a term over the parameter.
        case keyHelper
    }

    /// One argument of a call or attribute.
    public struct Argument: Hashable, Sendable, Codable {
        /// The label, or nil when unlabeled. A trailing closure has the label `{}`.
        public var label: String?
        /// The argument as written, trimmed (a closure is just `{…}`).
        public var text: String
        /// A call's argument's type when its syntax says it (`Impl()`, `Impl.init()`, `x as P`,
        /// a local, parameter or property declared `x: P` or made `let x = Impl()`): what a
        /// value parameter typed by a generic parameter binds it to (`register<T>(_ value: T)`).
        public var type: String?

        public init(label: String?, text: String, type: String? = nil) {
            self.label = label
            self.text = text
            self.type = type
        }

        /// `X` when the argument is `X.self`.
        public var metatype: String? {
            text.hasSuffix(".self") ? String(text.dropLast(".self".count)) : nil
        }

        /// `label: text` (`liveValue: LiveClient`), as a registration lists its values.
        public var labelled: String { "\(label ?? ""): \(text)" }
    }

    public var shape: Shape
    /// The method, wrapper or property name: `register`, `Injected`, `homeViewModel`.
    public var name: String
    /// A call's receiver as written (`container`, `DIContainer.shared`); nil for a bare call.
    public var receiver: String?
    public var arguments: [Argument]
    /// The declared type of a wrapped property, a Factory's `T`, a dependency value's type, or
    /// the conforming type of a dependency key; for a call, its factory closure's declared
    /// result type, or without arguments its contextual type; for a `store` keyed by a generic
    /// parameter no metatype names, that parameter, and for one keyed by a key path the type of
    /// the value it names (`T` for `KeyPath<Self, T>`); for a `read`, its return type.
    public var type: String?
    /// The type the factory closure (or `liveValue`) constructs: the first call in it whose
    /// callee is a capitalized name (`DefaultLoginRepository(client: ...)`).
    public var implementation: String?
    /// `.inObjectScope(.container)` → `container`; Factory's `.singleton`, `.cached`, ...
    public var scope: String?
    /// The index, in the same file's list, of the registration whose factory holds this fact:
    /// what its factory resolves.
    public var within: Int?
    /// Whether the metatype argument names a generic parameter (`resolve(Service.self)` in a
    /// generic wrapper around a container): not a service of its own.
    public var generic: Bool
    /// The innermost type or extension around it.
    public var context: String?
    /// For `store` and `read`: what the dictionary key is made of. `type`: the metatype
    /// parameter itself (`ObjectIdentifier(T.self)`, `"\(T.self)"`, `String(describing: type)`);
    /// `type.m`: its member `m` (`ObjectIdentifier(Item.Interface.self)`, `type.injectId`);
    /// `value:i`: the plain parameter at index `i` (`items[injectId]`); `keyPath:i`: the key
    /// path parameter at index `i` (`registrations[ObjectIdentifier(keyPath)]`), whose service is
    /// the property it names. For a `call` without arguments, where its `type` comes from:
    /// `declared`, `cast`, `assigned` or `returned`; for a `call` with arguments, `container`
    /// when its receiver is a Factory container (`Container.shared`, a variable bound to one,
    /// implicit `self` inside one), as Factory's `Resolving` API is called. For a `wrapper`
    /// constructed by a call (`Injected(\.preferences).wrappedValue`), `init`.
    public var key: String?
    /// For a `store` or `read` keyed by the type itself (`key` `type`): the key as a term over
    /// it, `<form>:<level>`. The form is how the type becomes a key: `describing`
    /// (`String(describing:)`, `"\(…)"`), `reflecting`, `identifier` (`ObjectIdentifier`) or
    /// `value` (the metatype itself); the level is how many `type(of:)` are taken of it first.
    /// A helper's key is `call:<name>:<level>`, the helper's term (a `keyHelper` fact) taken of
    /// the type `level` times `type(of:)`; nil when the key is made otherwise. For a `read` keyed by
    /// a key path (`keyPath:i`), `default` when it falls back on the property the key path names
    /// (`return self[keyPath: keyPath]`) when nothing is stored.
    public var keyTerm: String?
    public var line: Int
    /// A call's `name:` when it is not a plain literal, as an expression whose loop variables
    /// are bound to what they iterate (`route.coordinatorName` in `Route.allCases.forEach`).
    public var computedName: ValueExpression?

    public init(
        shape: Shape, name: String, receiver: String? = nil, arguments: [Argument] = [], type: String? = nil,
        implementation: String? = nil, scope: String? = nil, within: Int? = nil, generic: Bool = false,
        context: String? = nil, key: String? = nil, line: Int, computedName: ValueExpression? = nil
    ) {
        self.shape = shape
        self.name = name
        self.receiver = receiver
        self.arguments = arguments
        self.type = type
        self.implementation = implementation
        self.scope = scope
        self.within = within
        self.generic = generic
        self.context = context
        self.key = key
        self.line = line
        self.computedName = computedName
    }
}

/// The names that make a call or property wrapper dependency-injection syntax, beyond the
/// built-in ones: what `strata.yml`'s `injection:` section configures. Scanning depends on
/// them, so they are part of the facts cache's identity.
public struct InjectionNames: Hashable, Sendable, Codable {
    /// Method names whose calls register or resolve (`regist`, `load`).
    public var calls: Set<String>
    /// Property wrapper names (`Injectable`).
    public var wrappers: Set<String>

    /// What the symbol index of the whole repository (the first scan) says about Factory, for
    /// the files that use it (the second scan): its property names (`myService`) ...
    public var factories: Set<String> = []
    /// ... the types holding them (`Container`), the protocols declaring them or that those
    /// types conform to (`ServiceProviding`) ...
    public var factoryContainers: Set<String> = []
    /// ... properties of such a type, `Owner.property` (`HomeViewModel.container`) ...
    public var factoryMembers: Set<String> = []
    /// ... and functions resolving a key path to one (`dependency(_: KeyPath<Container, Factory<T>>)`).
    public var factoryResolvers: Set<String> = []
    /// Containers resolving key paths to their own properties with the property as the default
    /// (and the types conforming to such a container protocol): their properties are what
    /// they serve (`InjectionFact.Shape.keyPathDefault`).
    public var keyPathContainers: Set<String> = []

    public init(calls: Set<String> = [], wrappers: Set<String> = []) {
        self.calls = calls
        self.wrappers = wrappers
    }

    /// These names and the ones `found` adds.
    public func merged(with found: InjectionNames) -> InjectionNames {
        var merged = InjectionNames(calls: calls.union(found.calls), wrappers: wrappers.union(found.wrappers))
        merged.factories = factories.union(found.factories)
        merged.factoryContainers = factoryContainers.union(found.factoryContainers)
        merged.factoryMembers = factoryMembers.union(found.factoryMembers)
        merged.factoryResolvers = factoryResolvers.union(found.factoryResolvers)
        merged.keyPathContainers = keyPathContainers.union(found.keyPathContainers)
        return merged
    }

    /// The names a file must spell for the second scan to read it again.
    public var spelled: Set<String> {
        calls.union(wrappers).union(factories).union(factoryResolvers).union(keyPathContainers)
    }

    /// Factory's types of a factory property: `Factory<T>`, `ParameterFactory<P, T>`.
    public static let factoryTypes: Set<String> = ["Factory", "ParameterFactory"]

    /// Swinject's and the common container vocabulary.
    public static let builtInCalls: Set<String> = ["register", "resolve", "autoregister"]
    /// The calls the injection walk reads: the built-in ones and the configured ones.
    public var allCalls: Set<String> { Self.builtInCalls.union(calls) }
    /// Factory's property wrappers, keyed by a key path to a Factory property.
    public static let factoryWrappers: Set<String> = [
        "Injected", "LazyInjected", "WeakLazyInjected", "InjectedObject", "InjectedObservable",
    ]
    /// Factory's modifiers that replace what a factory makes (`.onTest { Mock() }`): overrides.
    public static let factoryOverrides: Set<String> = [
        "register", "onTest", "onPreview", "onDebug", "onSimulator", "onDevice", "onArg", "onArgs", "context",
    ]
    /// Factory's and swift-dependencies' wrappers.
    public static let builtInWrappers = factoryWrappers.union(["Dependency"])

    /// A stable text for cache keys.
    public var identity: String {
        let factory = [factories, factoryContainers, factoryMembers, factoryResolvers].allSatisfy(\.isEmpty) ? ""
            : ";" + [factories, factoryContainers, factoryMembers, factoryResolvers].map { $0.sorted().joined(separator: ",") }.joined(separator: ";")
        let keyPaths = keyPathContainers.isEmpty ? "" : ";keyPaths:" + keyPathContainers.sorted().joined(separator: ",")
        return calls.sorted().joined(separator: ",") + ";" + wrappers.sorted().joined(separator: ",") + factory + keyPaths
    }
}
