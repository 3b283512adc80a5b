import StrataAnalysis
import StrataConfiguration
import StrataModel
import Testing

/// Factory's remaining forms (issue 46, item 2): containers resolving key paths with defaults,
/// collections of key paths resolved by subscript, `Injected(\.x)` made by a call, the
/// `Resolving` API on a container, and a DI library's own module. Each with what must not be
/// read as DI beside it.
@Suite struct InjectionFactoryFormsTests {
    func analyze(_ project: Project) throws -> InjectionReport {
        let configuration = try Configuration.parse("", file: "strata.yml")
        return InjectionWiring.analyze(project, vocabulary: configuration.injection, rules: configuration.rules)
    }

    func registrations(_ report: InjectionReport) -> [String] {
        report.registrations.map { "\($0.kind == .override ? "override" : "register") \($0.api) \($0.service) \($0.implementation ?? "-")" }
    }

    func resolutions(_ report: InjectionReport) -> [String] {
        report.resolutions.map { "\($0.api) \($0.service) \($0.registrations.count)\($0.checkedAtRunTime ? " checked" : "")" }
    }

    static let simpleContainer = """
        protocol SimpleContaining: AnyObject {
            var registrations: [ObjectIdentifier: () -> Any] { get set }
        }
        extension SimpleContaining {
            func resolve<T>(_ keyPath: KeyPath<Self, T>) -> T {
                let id = ObjectIdentifier(keyPath)
                if let factory = registrations[id], let instance = factory() as? T { return instance }
                return self[keyPath: keyPath]
            }
            func register<T>(_ keyPath: KeyPath<Self, T>, _ factory: @escaping () -> T) {
                let id = ObjectIdentifier(keyPath)
                registrations[id] = factory
            }
        }
        final class SimpleContainer: SimpleContaining {
            static let shared = SimpleContainer()
            var registrations: [ObjectIdentifier: () -> Any] = [:]
            let label = "main"
        }
        extension SimpleContainer {
            var service1: MyServiceType { MyService() }
            var service2: MyServiceType { MyService() }
            static var unused: MyServiceType { MyService() }
        }
        """

    @Test func aKeyPathContainerWithDefaultsServesEachPropertyAndARegisterReplacesOne() throws {
        let report = try analyze(injectionProject([
            (name: "App", kind: .app, declares: [], source: Self.simpleContainer + """

                func run() {
                    let container = SimpleContainer.shared
                    _ = container.resolve(\\.service1)
                    container.register(\\.service2) { MockService() }
                    _ = container.resolve(\\.service2)
                }
                """),
        ]))
        #expect(report.containers.map(\.reason) == [
            "register(_:_:) stores into registrations keyed by a key path to one of its properties, and resolve(_:) reads it back",
        ])
        // Computed instance properties only: not the storage, a stored `label`, or a static.
        #expect(registrations(report) == [
            "register SimpleContainer.service1 service1 MyService",
            "register SimpleContainer.service2 service2 MyService",
            "override SimpleContaining.register(_:_:) service2 MockService",
        ])
        #expect(resolutions(report) == ["SimpleContaining.resolve(_:) service1 1", "SimpleContaining.resolve(_:) service2 1"])
        #expect(report.unregistered.isEmpty)
    }

    @Test func aKeyPathContainerWithoutTheFallbackServesOnlyWhatIsRegistered() throws {
        let report = try analyze(injectionProject([
            (name: "App", kind: .app, declares: [], source: """
                final class Registry {
                    static let shared = Registry()
                    private var makers: [AnyKeyPath: Any] = [:]
                    var service1: MyServiceType { fatalError() }
                    var service2: MyServiceType { fatalError() }
                    func register<T>(_ path: KeyPath<Registry, T>, factory: @escaping () -> T) { makers[path] = factory }
                    func resolve<T>(_ path: KeyPath<Registry, T>) -> T { (makers[path] as! () -> T)() }
                }
                func run() {
                    Registry.shared.register(\\.service1, factory: { MyService() })
                    _ = Registry.shared.resolve(\\.service1)
                    _ = Registry.shared.resolve(\\.service2)
                }
                """),
        ]))
        #expect(registrations(report) == ["register Registry.register(_:factory:) service1 MyService"])
        #expect(resolutions(report) == ["Registry.resolve(_:) service1 1 checked", "Registry.resolve(_:) service2 0 checked"])
        #expect(report.unregistered.map(\.service) == ["service2"])
    }

    @Test func aStoreByKeyPathTakingTheValueIsASettingsStoreNotAContainer() throws {
        let report = try analyze(injectionProject([
            (name: "App", kind: .app, declares: [], source: """
                struct Settings {
                    private var overrides: [AnyKeyPath: Any] = [:]
                    var fontSize: Int { 14 }
                    mutating func set<T>(_ keyPath: KeyPath<Settings, T>, _ value: T) { overrides[keyPath] = value }
                    func value<T>(_ keyPath: KeyPath<Settings, T>) -> T { overrides[keyPath] as? T ?? self[keyPath: keyPath] }
                }
                func run(settings: inout Settings) {
                    settings.set(\\.fontSize, 16)
                    _ = settings.value(\\.fontSize)
                }
                """),
        ]))
        #expect(report.containers.isEmpty && report.registrations.isEmpty && report.resolutions.isEmpty)
    }

    static let processors = """
        import Factory
        extension Container {
            var processor1: Factory<Processing> { self { Upper() } }
            var processor2: Factory<Processing> { self { Trim() } }
            var processor3: Factory<Processing> { self { Reverse() } }
            var title: String { "x" }
        }
        struct Tag<T> {
            let path: KeyPath<Container, Factory<T>>
            let priority: Int
        }
        """

    @Test func keyPathsInACollectionAreResolvedOnlyWhenASubscriptReadsThem() throws {
        let report = try analyze(injectionProject([
            (name: "Pipeline", kind: .library, declares: [], source: Self.processors + """

                extension Container {
                    static let processors: [Tag<Processing>] = [
                        Tag(path: \\.processor1, priority: 20),
                        Tag(path: \\.processor2, priority: 10),
                    ]
                    static let unread: [KeyPath<Container, Factory<Processing>>] = [\\.processor3]
                    static let titles: [KeyPath<Container, String>] = [\\.title]
                    func processors() -> [Processing] {
                        Container.processors.sorted(by: { $0.priority < $1.priority }).map { self[keyPath: $0.path]() }
                    }
                    func titles() -> [String] { Container.titles.map { self[keyPath: $0] } }
                }
                """),
        ]))
        #expect(resolutions(report) == ["factory processor1 1", "factory processor2 1"])
        #expect(report.resolutions.map(\.evidence.line) == [14, 15])
    }

    @Test func aDictionaryOfKeyPathsIsReadThroughItsValuesAndAKeyPathAtTheSubscriptIsOneFactory() throws {
        let report = try analyze(injectionProject([
            (name: "Pipeline", kind: .library, declares: [], source: Self.processors + """

                extension Container {
                    static let byName: [String: KeyPath<Container, Factory<Processing>>] = ["upper": \\.processor1]
                    static let unread = ["trim": \\Container.processor2]
                    static let titles: [String: KeyPath<Container, String>] = ["title": \\.title]
                    func all() -> [Processing] { Container.byName.map { self[keyPath: $0.value]() } }
                    func titles() -> [String] { Container.titles.values.map { self[keyPath: $0] } }
                    func third() -> Processing { self[keyPath: \\.processor3]() }
                    func title() -> String { self[keyPath: \\.title] }
                    func mock() { self[keyPath: \\.processor2].register { Mock() } }
                }
                """),
        ]))
        #expect(resolutions(report) == ["factory processor1 1", "factory processor3 1"])
        #expect(report.registrations.filter { $0.kind == .override }.map(\.service) == ["processor2"])
    }

    @Test func factoryOneFormsNeedAFactory() throws {
        // A property made by another type named `Factory`, a static function of the container
        // called on its type, and a key path subscript to what is not a factory: none is DI.
        let report = try analyze(injectionProject([
            (name: "Services", kind: .library, declares: [], source: """
                import Factory
                extension Container {
                    static let api = Factory<API> { LiveAPI() }
                    static func setupMocks() { api.register { MockAPI() } }
                    var onTap: () -> Void { {} }
                }
                func boot() {
                    Container.setupMocks()
                    _ = Container.api()
                    Container.shared[keyPath: \\.onTap]()
                }
                """),
            (name: "Screens", kind: .library, declares: [], source: """
                final class Coordinator {
                    let factory = Factory(dependencies: Dependencies())
                    static let shared = Factory { Coordinator() }
                    func start() { factory.make() }
                }
                """),
        ]))
        #expect(report.registrations.map { "\($0.service) \($0.kind)" } == ["api definition", "api override"])
        #expect(resolutions(report) == ["factory api 1"])
    }

    @Test func aSubscriptReadingAnotherMemberThanTheKeyPathsLabelResolvesNothing() throws {
        let report = try analyze(injectionProject([
            (name: "Pipeline", kind: .library, declares: [], source: Self.processors + """

                struct Named { let path: KeyPath<Container, Factory<Processing>>; let fallback: KeyPath<Container, Factory<Processing>> }
                extension Container {
                    static let steps = [Named(path: \\.processor1, fallback: \\.processor2)]
                    func steps() -> [Processing] { Container.steps.map { self[keyPath: $0.fallback]() } }
                }
                """),
        ]))
        #expect(resolutions(report) == ["factory processor2 1"])
    }

    @Test func aWrapperMadeByACallResolvesAndOneMadeFromAParameterDoesNot() throws {
        let report = try analyze(injectionProject([
            (name: "Services", kind: .library, declares: [], source: """
                import FactoryKit
                extension Container {
                    public var preferences: Factory<Preferences> { self { Preferences() }.singleton }
                }
                func make<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T { Injected(keyPath).wrappedValue }
                """),
            // No Factory import: the call is found where the walk is limited to what may be DI.
            (name: "Feature", kind: .library, declares: ["Services"], source: """
                import Services
                nonisolated final class SettingsService {
                    let preferences: Preferences = { Injected(\\.preferences).wrappedValue }()
                    let lazy = LazyInjected<Preferences>(\\Container.preferences)
                    let named = Injected(name: "preferences")
                }
                """),
        ]))
        #expect(resolutions(report) == ["Injected(_:) preferences 1", "LazyInjected(_:) preferences 1"])
    }

    @Test func resolvingRegistersOnAContainerNeverOnAFactoryOfTheContainersName() throws {
        let report = try analyze(injectionProject([
            (name: "Services", kind: .library, declares: [], source: """
                import Factory
                extension Container: Resolving, AutoRegistering {
                    var c: Factory<Cycle> { self { Cycle() } }
                    var myService: Factory<MyServiceType> { self { MyService() } }
                    public func autoRegister() {
                        register { SimpleService() }
                        myService.register { MockService() }
                    }
                }
                func setUp(tasks: TaskRegistry) {
                    let c = Container.shared
                    c.register { MyService() as MyServiceType }.scope(.singleton)
                    tasks.register { Job() }
                }
                """),
            (name: "Feature", kind: .library, declares: ["Services"], source: """
                import Factory
                import Services
                final class Model {
                    @InjectedType var simple: SimpleService?
                    func load() {
                        let c = Container.shared
                        let s: MyServiceType? = c.resolve()
                        _ = c.resolve() as Job?
                    }
                }
                """),
        ]))
        #expect(registrations(report) == [
            "register factory c Cycle", "register factory myService MyService",
            "register factory-resolving SimpleService SimpleService", "override factory myService MockService",
            "register factory-resolving MyServiceType MyService",
        ])
        #expect(resolutions(report) == ["@InjectedType SimpleService 1", "container MyServiceType 1", "container Job 0"])
    }

    static let library = """
        public struct Factory<T> {
            public init(_ container: Container, _ make: @escaping () -> T) {}
            public func callAsFunction() -> T { fatalError() }
            public func register(factory: @escaping () -> T) {}
        }
        public protocol SharedContainer: AnyObject {}
        public final class Container: SharedContainer {
            public static let shared = Container()
            public func callAsFunction<T>(_ make: @escaping () -> T) -> Factory<T> { Factory(self, make) }
        }
        @propertyWrapper public struct Injected<T> {
            private var dependency: T
            public init(_ keyPath: KeyPath<Container, Factory<T>>) { dependency = Container.shared[keyPath: keyPath]() }
            public var wrappedValue: T { dependency }
            public var factory: Factory<T> { Factory(Container.shared) { fatalError() } }
            public mutating func reload() { dependency = factory() }
        }
        public func dependency<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T { Container.shared[keyPath: keyPath]() }
        """

    @Test func aDILibrarysOwnModuleIsNotCountedYetItsDeclarationsStillNameWhatTheAppCalls() throws {
        let report = try analyze(injectionProject([
            (name: "DI", kind: .library, declares: [], source: Self.library),
            (name: "App", kind: .app, declares: ["DI"], source: """
                import DI
                extension Container {
                    var myService: Factory<MyServiceType> { self { MyService() } }
                }
                final class Model {
                    let service: MyServiceType = dependency(\\.myService)
                }
                """),
        ]))
        #expect(registrations(report) == ["register factory myService MyService"])
        #expect(report.resolutions.map { "\($0.module) \($0.service) \($0.registrations.count)" } == ["App myService 1"])
    }

    @Test func anAppModuleDeclaringItsOwnFactoryTypeOrContainerIsStillCounted() throws {
        // `Factory<T>` without `SharedContainer`, and a container of the app's own with an
        // `Injected` wrapper: neither is a DI library.
        let report = try analyze(injectionProject([
            (name: "Core", kind: .library, declares: [], source: """
                public final class Factory<T> {
                    let make: () -> T
                    public init(_ make: @escaping () -> T) { self.make = make }
                }
                public final class DIContainer {
                    public static let shared = DIContainer()
                    private var factories: [ObjectIdentifier: () -> Any] = [:]
                    public func register<T>(_ type: T.Type, _ make: @escaping () -> T) { factories[ObjectIdentifier(type)] = make }
                    public func resolve<T>(_ type: T.Type) -> T { factories[ObjectIdentifier(type)]!() as! T }
                }
                @propertyWrapper public struct Injected<T> {
                    public var wrappedValue: T { DIContainer.shared.resolve(T.self) }
                    public init() {}
                }
                public func registerAll() { DIContainer.shared.register(Store.self) { LiveStore() } }
                """),
            (name: "App", kind: .app, declares: ["Core"], source: """
                import Core
                final class Model { @Injected var store: Store }
                """),
        ]))
        #expect(registrations(report) == ["register DIContainer.register(_:_:) Store LiveStore"])
        #expect(report.resolutions.map { "\($0.module) \($0.service) \($0.registrations.count)" } == ["App Store 1"])
    }
}
