import StrataAnalysis
import StrataConfiguration
import StrataModel
import Testing

/// Containers whose calls name no metatype: the service is the closure's result type, or the
/// contextual type of the resolution; and property wrappers resolving through them.
@Suite struct InjectionInferredTests {
    func analyze(_ project: Project) throws -> InjectionReport {
        let configuration = try Configuration.parse("", file: "strata.yml")
        return InjectionWiring.analyze(project, vocabulary: configuration.injection, rules: configuration.rules)
    }

    /// The issue's container: keyed by `String(describing: T.self)`, read back with
    /// `type(of: T.self)`, registered with a closure or `interface: T`, behind `@Injected`.
    static let container = """
        public final class DIContainer {
            public static let shared = DIContainer()
            private var factories = [String: () -> Any]()
            public func register<T>(_ factory: @escaping () -> T) { factories[String(describing: T.self)] = factory }
            public func register<T>(interface: T, implement: @escaping () -> Any) { factories[String(describing: T.self)] = implement }
            public func resolve<T>() -> T { factories[String(describing: type(of: T.self))]!() as! T }
        }
        @propertyWrapper public class Injected<T> {
            public let wrappedValue: T
            public init() { wrappedValue = DIContainer.shared.resolve() }
        }
        """

    @Test func aWrapperAssigningItsValueFromAnInferredResolveResolvesItsPropertysType() throws {
        let report = try analyze(injectionProject([
            (name: "DI", kind: .library, declares: [], source: Self.container),
            (name: "Items", kind: .library, declares: ["DI"], source: """
                import DI
                public protocol FetchItemsUseCaseInterface {}
                public protocol ItemsRepositoryInterface {}
                public protocol ShareUseCaseInterface {}
                final class ItemsViewModel {
                    @Injected public var itemsUseCase: FetchItemsUseCaseInterface
                    @Injected var share: ShareUseCaseInterface
                    @Injected(\\.analytics) var analytics: Analytics
                }
                """),
            (name: "App", kind: .app, declares: ["DI", "Items"], source: """
                import DI
                import Items
                func assemble(tableView: UITableView) {
                    DIContainer.shared.register { FetchItemsUseCase(repository: ItemsRepository()) as FetchItemsUseCaseInterface }
                    DIContainer.shared.register(interface: ItemsRepositoryInterface.self, implement: { ItemsRepository() })
                    DIContainer.shared.register { () -> Clock in SystemClock() }
                    DIContainer.shared.register { Analytics() }
                    tableView.register(Cell.self, forCellReuseIdentifier: "cell")
                    swinject.register(Logging.self) { _ in PrintLogger() }
                }
                func clock() -> Clock { DIContainer.shared.resolve() }
                func analytics() -> Analytics {
                    let tracker = DIContainer.shared.resolve() as Analytics
                    return tracker
                }
                """),
        ]))
        #expect(report.containers.map { "\($0.type) \($0.registers) \($0.resolves) \($0.wrappers)" }
            == ["DIContainer [\"register(_:)\", \"register(interface:implement:)\"] [\"resolve()\"] [\"@Injected\"]"])
        #expect(report.registrations.map { "\($0.service) \($0.implementation ?? "-") \($0.evidence.line ?? 0)" } == [
            "FetchItemsUseCaseInterface FetchItemsUseCase 4", "ItemsRepositoryInterface ItemsRepository 5",
            "Clock SystemClock 6", "Analytics Analytics 7", "Logging PrintLogger 9",
        ])
        // `register(_:)` keys by the service itself, `resolve()` by its metatype: what it
        // registers is never found (issue 46); `register(interface: P.self, …)` binds `T` to
        // `P`'s metatype and meets `resolve()`.
        #expect(report.registrations.map { $0.keyMismatch == nil } == [false, true, false, false, true])
        #expect(report.registrations[0].keyMismatch == Registration.KeyMismatch(
            read: "DIContainer.resolve()", readEvidence: Location(file: "Sources/DI/File.swift", line: 6),
            registeredKey: "String(describing:) of FetchItemsUseCaseInterface",
            readKey: "String(describing:) of the metatype of FetchItemsUseCaseInterface"))
        #expect(report.resolutions.map { "\($0.api) \($0.service) \($0.module) \($0.registrations.count)" } == [
            "DIContainer.resolve() Clock App 0", "DIContainer.resolve() Analytics App 0",
            "@Injected FetchItemsUseCaseInterface Items 0", "@Injected ShareUseCaseInterface Items 0",
            // With a key path, Factory's wrapper: a property name, checked at compile time.
            "@Injected analytics Items 0",
        ])
        #expect(report.unregistered.map { "\($0.service) \($0.evidence)" } == [
            "Clock Sources/App/File.swift:11", "Analytics Sources/App/File.swift:13",
            "FetchItemsUseCaseInterface Sources/Items/File.swift:6", "ShareUseCaseInterface Sources/Items/File.swift:7",
        ])
    }

    /// Keys made by helper functions, in several spellings: the helper's own term taken of the
    /// argument's, wherever the helper is declared (issue 46). Each container registers one
    /// service under the service itself and one under its metatype, and resolves by the metatype.
    static let helperKeys: [(container: String, helpers: String)] = [
        // A private static helper in the class, called through `Self`.
        ("""
            final class DIContainer {
                static let shared = DIContainer()
                private var factories: [String: () -> Any] = [:]
                private static func key(_ type: Any.Type) -> String { String(describing: type) }
                func register<T>(_ make: @escaping () -> T) { factories[Self.key(T.self)] = make }
                func register<T>(interface: T, implement: @escaping () -> Any) { factories[Self.key(T.self)] = implement }
                func resolve<T>() -> T { factories[Self.key(type(of: T.self))]!() as! T }
            }
            """, ""),
        // An instance helper with a label in an extension in another module's file, calling a
        // second helper through a local, the key kept in a local at the call.
        ("""
            final class DIContainer {
                static let shared = DIContainer()
                var factories = [String: () -> Any]()
                func register<T>(_ make: @escaping () -> T) {
                    let key = self.key(for: T.self)
                    factories[key] = make
                }
                func register<T>(interface: T, implement: @escaping () -> Any) { factories[key(for: T.self)] = implement }
                func resolve<T>() -> T {
                    let key = key(for: type(of: T.self))
                    guard let make = factories[key] else { preconditionFailure("\\(key)") }
                    return make() as! T
                }
            }
            """, """
            extension DIContainer {
                func key(for type: Any.Type) -> String {
                    let name = DIContainer.name(of: type)
                    return name
                }
                static func name(of type: Any.Type) -> String { "\\(type)" }
            }
            """),
        // A free function, generic over the metatype it takes, keyed by `ObjectIdentifier`.
        ("""
            final class DIContainer {
                static let shared = DIContainer()
                private var factories: [ObjectIdentifier: () -> Any] = [:]
                func register<T>(_ make: @escaping () -> T) { factories[makeKey(T.self)] = make }
                func register<T>(interface: T, implement: @escaping () -> Any) { factories[makeKey(T.self)] = implement }
                func resolve<T>() -> T { factories[makeKey(type(of: T.self))]!() as! T }
            }
            """, """
            func makeKey<Service>(_: Service.Type) -> ObjectIdentifier { ObjectIdentifier(Service.self) }
            """),
    ]

    @Test(arguments: helperKeys.indices)
    func aKeyMadeByAHelperIsTheHelpersTermOfTheType(spelling: Int) throws {
        let (container, helpers) = Self.helperKeys[spelling]
        let report = try analyze(injectionProject([
            (name: "DI", kind: .library, declares: [], source: container),
            (name: "Keys", kind: .library, declares: ["DI"], source: "import DI\n" + helpers),
            (name: "App", kind: .app, declares: ["DI"], source: """
                import DI
                protocol Clock {}
                protocol Store {}
                func assemble() {
                    DIContainer.shared.register { SystemClock() as Clock }
                    DIContainer.shared.register(interface: Store.self, implement: { DiskStore() })
                }
                """),
        ]))
        #expect(report.registrations.map { "\($0.service) \($0.keyMismatch?.readKey ?? "meets a read")" } == [
            "Clock \(spelling == 2 ? "ObjectIdentifier" : "String(describing:)") of the metatype of Clock", "Store meets a read",
        ])
    }

    /// Helpers whose key the term cannot vouch for, and another type's helper: a container
    /// with `helper` among its members (and `outside` beside it) registering with `register(_:)`
    /// under `registerKey` and resolving under `resolveKey`.
    static let helperEdges: [(helper: String, outside: String, registerKey: String, resolveKey: String, mismatch: Bool)] = [
        // A helper's key made into another string: not compared (both are the same at run time).
        ("private static func key(_ t: Any.Type) -> String { String(reflecting: t) }", "",
         "String(describing: Self.key(T.self))", "Self.key(T.self)", false),
        // A generic value parameter is passed the metatype: `S.self` is `T.Type`, as `type(of:)` says.
        ("private static func key<S>(_ value: S) -> String { String(describing: S.self) }", "",
         "Self.key(T.self)", "String(describing: type(of: T.self))", false),
        // Another type's helper is that type's, not the container's of the same name.
        ("private static func key(_ t: Any.Type) -> String { String(describing: t) }",
         "enum Keys { static func key(_ t: Any.Type) -> String { String(reflecting: t) } }",
         "Keys.key(T.self)", "Self.key(T.self)", true),
    ]

    @Test(arguments: helperEdges.indices)
    func aHelpersKeyIsComparedOnlyWhereItsTermIsKnown(case index: Int) throws {
        let edge = Self.helperEdges[index]
        let report = try analyze(injectionProject([
            (name: "App", kind: .app, declares: [], source: """
                \(edge.outside)
                final class DIContainer {
                    static let shared = DIContainer()
                    private var factories: [String: () -> Any] = [:]
                    \(edge.helper)
                    func register<T>(_ make: @escaping () -> T) { factories[\(edge.registerKey)] = make }
                    func resolve<T>() -> T { factories[\(edge.resolveKey)]!() as! T }
                }
                func assemble() { DIContainer.shared.register { SystemClock() as Clock } }
                """),
        ]))
        #expect(report.containers.map(\.type) == ["DIContainer"])
        #expect(report.registrations.map { $0.keyMismatch != nil } == [edge.mismatch])
    }

    /// A value parameter typed by the generic parameter (`register<T>(_ dependency: T)`) binds
    /// it to the value's static type, as the compiler does: a cast, `Impl()`, `Impl.init()`,
    /// `Outer.Impl()`, a local's declared or constructed type, the enclosing function's
    /// parameter, a stored property (`self.x`). `Impl.shared` says no type: not a registration
    /// Strata can name. Keyed by `type(of: T.self)` on both sides the keys meet; keyed by `T`
    /// against a read by `type(of: T.self)` every registration is lost.
    @Test(arguments: [
        (register: "String(describing: type(of: T.self))", mismatch: false),
        (register: "String(describing: T.self)", mismatch: true),
    ])
    func aValueBoundToTheGenericParameterRegistersItsStaticType(edge: (register: String, mismatch: Bool)) throws {
        let report = try analyze(injectionProject([
            (name: "App", kind: .app, declares: [], source: """
                final class DIContainer {
                    static let shared = DIContainer()
                    private var dependencies = [String: Any]()
                    func register<T>(_ dependency: T) {
                        let key = \(edge.register)
                        dependencies[key] = dependency
                    }
                    func resolve<T>() -> T {
                        let key = String(describing: type(of: T.self))
                        precondition(dependencies[key] != nil, "\\(key) is not registered")
                        return dependencies[key] as! T
                    }
                }
                enum Outer { struct Printer: Logging {} }
                struct Assembly {
                    let tracker: Tracking = Tracker()
                    func assemble(store: any Store, container: DIContainer) {
                        DIContainer.shared.register(SystemClock() as Clock)
                        DIContainer.shared.register(Session.init())
                        DIContainer.shared.register(Outer.Printer())
                        let api: NetworkAPI = LiveAPI()
                        container.register(api)
                        let cache = Cache(limit: 10)
                        container.register(cache)
                        container.register(store)
                        container.register(self.tracker)
                        container.register(Settings.shared)
                    }
                    // Not registrations of a service of their own: a value of a generic
                    // parameter (a forwarding overload), an optional (`T` is `Optional<P>`), an
                    // opaque type, a name rebound by `guard let` or `for`, another object's
                    // `register` (a plugin list), `register(_:)` on a value of a container's name.
                    func forward<S>(_ service: S, container: DIContainer) { container.register(service) }
                    func optional(maybe: Clock?, opaque: some Clock, plugins: Plugins, service: Service, all: [Session]) {
                        DIContainer.shared.register(maybe)
                        DIContainer.shared.register(opaque)
                        plugins.register(LogPlugin())
                        guard let service = service as? LiveService else { return }
                        DIContainer.shared.register(service)
                        for session in all { DIContainer.shared.register(session) }
                    }
                }
                """),
        ]))
        #expect(report.containers.map(\.type) == ["DIContainer"])
        #expect(report.registrations.map { "\($0.service) \($0.implementation ?? "-")" } == [
            "Clock SystemClock", "Session Session", "Outer.Printer Outer.Printer", "NetworkAPI LiveAPI", "Cache Cache", "Store -",
            "Tracking -",
        ])
        #expect(report.registrations.map { $0.keyMismatch != nil } == Array(repeating: edge.mismatch, count: 7))
    }

    @Test func aKeyMadeByAnUnknownHelperIsNotCompared() throws {
        // The helper is not in the analyzed sources: no term, so no mismatch is claimed.
        let report = try analyze(injectionProject([
            (name: "App", kind: .app, declares: [], source: """
                final class DIContainer {
                    static let shared = DIContainer()
                    private var factories: [String: () -> Any] = [:]
                    func register<T>(_ make: @escaping () -> T) { factories[Keys.key(T.self)] = make }
                    func resolve<T>() -> T { factories[Keys.key(type(of: T.self))]!() as! T }
                }
                func assemble() { DIContainer.shared.register { SystemClock() as Clock } }
                """),
        ]))
        #expect(report.registrations.map(\.service) == ["Clock"])
        #expect(report.registrations.allSatisfy { $0.keyMismatch == nil })
    }

    @Test func aWrapperWhoseWrappedValueReturnsAnInferredResolveIsFoundToo() throws {
        let report = try analyze(injectionProject([
            (name: "App", kind: .app, declares: [], source: """
                final class Services {
                    static let shared = Services()
                    private var makers: [ObjectIdentifier: () -> Any] = [:]
                    func add<Service>(_ make: @escaping () -> Service?) { makers[ObjectIdentifier(Service.self)] = make }
                    func get<Service>() -> Service { makers[ObjectIdentifier(Service.self)]!() as! Service }
                }
                @propertyWrapper struct Inject<Value> {
                    var wrappedValue: Value { Services.shared.get() }
                }
                protocol Router {}
                protocol Store {}
                final class Screen {
                    @Inject var router: Router
                    @Inject var store: Store
                    func user(session: Session) -> User { session.get() }
                    func token(services: Services) -> Token { services.get() }
                }
                func boot() { Services.shared.add { () -> Router in AppRouter() } }
                """),
        ]))
        #expect(report.containers.map(\.wrappers) == [["@Inject"]])
        #expect(report.registrations.map { "\($0.service) \($0.implementation ?? "-")" } == ["Router AppRouter"])
        // Another type's `get()` is not a resolution; a variable named after the container is.
        #expect(report.resolutions.map { "\($0.service) \($0.registrations.count)" } == ["Router 1", "Store 0", "Token 0"])
        #expect(report.unregistered.map(\.service) == ["Store", "Token"])
    }

    @Test func aResolveWithoutArgumentsOnAContainerNotRecognisedNeedsATypeWrittenAtTheCall() throws {
        let report = try analyze(injectionProject([
            (name: "App", kind: .app, declares: [], source: """
                func run(container: Resolver, resolver: DNSResolver) -> Clock {
                    let typed: Calendar? = container.resolve()
                    let cast = container.resolve() as Locale
                    _ = resolver.resolve()
                    return container.resolve()
                }
                final class Lookup {
                    var address: Address
                    init(resolver: DNSResolver) { address = resolver.resolve() }
                }
                """),
        ]))
        #expect(report.resolutions.map { "\($0.service) \($0.checkedAtRunTime)" } == ["Calendar false", "Locale false"])
        #expect(report.unregistered.isEmpty)
    }

    @Test func serverStylesTypeKeyedStoresWithClosuresAreNotContainers() throws {
        // A cache keyed by the type a closure returns, read back as something else, and a
        // decoder keyed by type: neither reads back what its key names.
        let report = try analyze(injectionProject([
            (name: "Server", kind: .library, declares: [], source: """
                public final class Lifecycle {
                    private var handlers: [ObjectIdentifier: Any] = [:]
                    public func register<Event>(_ handler: @escaping () -> Event) { handlers[ObjectIdentifier(Event.self)] = handler }
                    public func count<Event>(_ event: Event.Type) -> Int { handlers[ObjectIdentifier(event)] == nil ? 0 : 1 }
                }
                public struct Coders {
                    var decoders: [String: Any] = [:]
                    public mutating func register<Value: Decodable>(_ make: @escaping () -> Value) { decoders["\\(Value.self)"] = make }
                    public func decode<Value: Decodable>(_ data: [UInt8]) -> Value? { nil }
                }
                func boot(lifecycle: Lifecycle, coders: inout Coders) {
                    lifecycle.register { Started() }
                    coders.register { Payload() }
                    let payload: Payload? = coders.decode([])
                }
                """),
        ]))
        #expect(report.containers.isEmpty && report.registrations.isEmpty && report.resolutions.isEmpty)
    }
}
