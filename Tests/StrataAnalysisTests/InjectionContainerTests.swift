import Foundation
import StrataAnalysis
import StrataConfiguration
import StrataModel
import Testing

/// Hand-written containers recognised by their shape, without `strata.yml`.
@Suite struct InjectionContainerTests {
    func analyze(_ project: Project, _ yaml: String = "") throws -> InjectionReport {
        let configuration = try Configuration.parse(yaml, file: "strata.yml")
        return InjectionWiring.analyze(project, vocabulary: configuration.injection, rules: configuration.rules)
    }

    /// Keyed by a member of the registered type, read back by metatype, behind a wrapper.
    static let interfaceContainer = """
        import Foundation
        public protocol DependencyItem { associatedtype Interface; static func make() -> Interface }
        public final class Container {
            public static let shared = Container()
            private var factories: [ObjectIdentifier: () -> Any] = [:]
            public func register<Item: DependencyItem>(type: Item.Type) {
                factories[ObjectIdentifier(Item.Interface.self)] = { Item.make() }
            }
            public func resolve<Interface>(_ interface: Interface.Type) -> Interface? {
                let factory = factories[ObjectIdentifier(interface)]
                return factory?() as? Interface
            }
        }
        @propertyWrapper public struct Injectable<Interface> {
            public init() {}
            public var wrappedValue: Interface { Container.shared.resolve(Interface.self)! }
        }
        """

    @Test func aContainerKeyedByAMemberOfTheRegisteredTypeIsFoundWithItsWrapper() throws {
        let report = try analyze(injectionProject([
            (name: "DI", kind: .library, declares: [], source: Self.interfaceContainer),
            (name: "Login", kind: .library, declares: ["DI"], source: """
                import DI
                public protocol LoginDependency {}
                public protocol AuthService {}
                public struct LoginDependencyItem: DependencyItem {
                    public typealias Interface = LoginDependency
                    public static func make() -> LoginDependency { LoginScreen() }
                }
                struct LoginScreen: LoginDependency { @Injectable private var service: AuthService }
                """),
            (name: "App", kind: .app, declares: ["DI", "Login"], source: """
                import DI
                import Login
                func launch(grid: UICollectionView) {
                    Container.shared.register(type: LoginDependencyItem.self)
                    grid.register(Cell.self, forCellWithReuseIdentifier: "cell")
                }
                final class SceneDelegate { @Injectable private var login: LoginDependency }
                """),
        ]))
        #expect(report.registrations.map { "\($0.service) \($0.implementation ?? "-") \($0.api)" }
            == ["LoginDependency LoginDependencyItem Container.register(type:)"])
        #expect(report.resolutions.map { "\($0.api) \($0.service) \($0.module) \($0.registrations.count)" }
            == ["@Injectable LoginDependency App 1", "@Injectable AuthService Login 0"])
        #expect(report.unregistered.map(\.service) == ["AuthService"])
        #expect(report.containers.count == 1)
        let container = try #require(report.containers.first)
        #expect(container.type == "Container" && container.evidence.file == "Sources/DI/File.swift")
        #expect(container.registers == ["register(type:)"] && container.resolves == ["resolve(_:)"])
        #expect(container.wrappers == ["@Injectable"])
        #expect(container.reason.contains("factories") && container.reason.contains("keyed by the registered type's Interface"))
    }

    @Test func aContainerWithItsOwnNamesReadBackByTheKeyValueIsFound() throws {
        let report = try analyze(injectionProject([
            (name: "DI", kind: .library, declares: [], source: """
                public protocol InjectItem { static var injectId: String { get }; init() }
                public final class Container {
                    public static let shared = Container()
                    private var items: [String: InjectItem.Type] = [:]
                    public func regist(injectType: InjectItem.Type) { items[injectType.injectId] = injectType }
                    public func load(for injectId: String) -> InjectItem? { items[injectId].map { $0.init() } }
                }
                """),
            (name: "Cards", kind: .library, declares: ["DI"], source: """
                import DI
                public struct CardItem: InjectItem { public static let injectId = Ids.cards; public init() {} }
                func open() { _ = Container.shared.load(for: Ids.accounts); _ = Container.shared.load(for: Ids.gone) }
                """),
            (name: "App", kind: .app, declares: ["DI", "Cards"], source: """
                import DI
                func launch() { Container.shared.regist(injectType: CardItem.self); Container.shared.regist(injectType: AccountItem.self) }
                struct AccountItem: InjectItem { static let injectId = Ids.accounts; init() {} }
                """),
        ]))
        #expect(report.registrations.map { "\($0.service) \($0.implementation ?? "-")" }
            == ["Ids.accounts AccountItem", "Ids.cards CardItem"])
        #expect(report.resolutions.map { "\($0.service) \($0.registrations.count)" } == ["Ids.accounts 1", "Ids.gone 0"])
        #expect(report.unregistered.map(\.service) == ["Ids.gone"])
        #expect(report.containers.map { "\($0.type) \($0.registers) \($0.resolves)" }
            == ["Container [\"regist(injectType:)\"] [\"load(for:)\"]"])
    }

    @Test func aSwinjectLikeContainerKeyedByTheTypesNameWorksWhateverItsMethodsAreCalled() throws {
        let report = try analyze(injectionProject([
            (name: "App", kind: .app, declares: [], source: """
                final class DIContainer {
                    static let shared = DIContainer()
                    private var factories = [String: () -> Any]()
                    func put<T>(_ type: T.Type, factory: @escaping () -> T) { factories["\\(T.self)"] = factory }
                    func take<T>(_ type: T.Type) -> T {
                        let key = String(describing: type)
                        return factories[key]!() as! T
                    }
                    func take<T>() -> T { factories["\\(T.self)"]!() as! T }
                }
                protocol Clock {}
                struct SystemClock: Clock {}
                func launch() {
                    DIContainer.shared.put(Clock.self) { SystemClock() }
                    _ = DIContainer.shared.take(Clock.self)
                    _ = DIContainer.shared.take(Calendar.self)
                    let clock: Clock = DIContainer.shared.take()
                }
                """),
        ]))
        #expect(report.registrations.map { "\($0.service) \($0.implementation ?? "-")" } == ["Clock SystemClock"])
        #expect(report.resolutions.map { "\($0.service) \($0.registrations.count)" } == ["Clock 1", "Calendar 0", "Clock 1"])
        #expect(report.unregistered.map(\.service) == ["Calendar"])
    }

    @Test func aContainerWhoseSourceIsElsewhereIsReadFromItsCallSitesAndWrappers() throws {
        let report = try analyze(injectionProject([
            (name: "Login", kind: .library, declares: [], source: """
                import SynDI
                public protocol LoginDependency {}
                public protocol FetchUseCaseInterface {}
                public struct LoginDependencyItem: DependencyItem { public typealias Interface = LoginDependency }
                final class LoginViewModel {
                    @Injected var useCase: FetchUseCaseInterface
                    @Injectable var missing: MissingDependency?
                }
                """),
            (name: "App", kind: .app, declares: ["Login"], source: """
                import SynDI
                import Login
                final class AppDelegate {
                    @Injectable var dependency: LoginDependency?
                    func launch(container: DIContainer) {
                        Container.shared.register(type: LoginDependencyItem.self)
                        Container.shared.register(type: Unrelated.self)
                        container.register(interface: FetchUseCaseInterface.self, implement: { FetchUseCase() })
                        tableView.register(Cell.self, forCellReuseIdentifier: "cell")
                    }
                }
                """),
        ]))
        #expect(report.registrations.map { "\($0.service) \($0.implementation ?? "-")" }
            == ["LoginDependency LoginDependencyItem", "FetchUseCaseInterface FetchUseCase"])
        #expect(report.resolutions.map { "\($0.api) \($0.service) \($0.registrations.count)" }
            == ["@Injectable LoginDependency 1", "@Injected FetchUseCaseInterface 1", "@Injectable MissingDependency 0"])
        #expect(report.unregistered.map(\.service) == ["MissingDependency"])
    }

    @Test func aWrapperDeclaredNowhereWithNoRegistrationOfWhatItWrapsIsNotDI() throws {
        let report = try analyze(injectionProject([(name: "App", kind: .app, declares: [], source: """
            final class Model {
                @Injected var analytics: Analytics
                @InjectableObject var settings: Settings
                func f(channel: Channel) { _ = channel.register() }
            }
            """)]))
        #expect(report.registrations.isEmpty && report.resolutions.isEmpty)
    }

    @Test func aTypeKeyedStoreThatReadsBackSomethingElseIsNotAContainer() throws {
        // Vapor's Storage: keyed by a metatype, but `get` returns `Key.Value`, not `Key`.
        let report = try analyze(injectionProject([
            (name: "Server", kind: .library, declares: [], source: """
                public struct Storage {
                    var storage: [ObjectIdentifier: Any] = [:]
                    public mutating func set<Key: StorageKey>(_ key: Key.Type, to value: Key.Value?) {
                        storage[ObjectIdentifier(Key.self)] = value
                    }
                    public func get<Key: StorageKey>(_ key: Key.Type) -> Key.Value? {
                        storage[ObjectIdentifier(Key.self)] as? Key.Value
                    }
                }
                func configure(app: Application, storage: inout Storage) {
                    storage.set(MyKey.self, to: 1)
                    _ = storage.get(MyKey.self)
                    app.get("hello") { req in "world" }
                    app.on(.POST, "x") { req in "y" }
                    app.register(collection: Routes())
                }
                """),
        ]))
        #expect(report.containers.isEmpty && report.registrations.isEmpty && report.resolutions.isEmpty)
    }

    @Test func ignoreSwitchesOffAWronglyRecognisedContainer() throws {
        let project = injectionProject([(name: "App", kind: .app, declares: [], source: """
            final class Cache {
                private var entries: [ObjectIdentifier: Any] = [:]
                func keep<T>(_ type: T.Type, _ value: T) { entries[ObjectIdentifier(type)] = value }
                func lookup<T>(_ type: T.Type) -> T? { entries[ObjectIdentifier(type)] as? T }
            }
            func f(cache: Cache) { _ = cache.lookup(Image.self) }
            """)])
        #expect(try analyze(project).unregistered.map(\.service) == ["Image"])
        let ignored = try analyze(project, "injection:\n  ignore: [Cache]\n")
        #expect(ignored.containers.isEmpty && ignored.resolutions.isEmpty)
    }

    @Test func aNameThatIsNotALiteralMatchesOnTheTypeAloneAndIsNeverUnregistered() throws {
        let report = try analyze(injectionProject([(name: "App", kind: .app, declares: [], source: """
            func wire(container: Container, actions: [SettingAction]) {
                for action in actions {
                    container.register(Coordinator.self, name: action.coordinatorString) { _ in SettingsCoordinator() }
                }
                container.register(Coordinator.self, name: "main") { _ in MainCoordinator() }
            }
            func open(resolver: Resolver, action: SettingAction) {
                _ = resolver.resolve(Coordinator.self, name: action.coordinatorString)
                _ = resolver.resolve(Coordinator.self, name: "privacy")
                _ = resolver.resolve(Router.self, name: action.route)
            }
            """)]))
        #expect(report.resolutions.map { "\($0.service)/\($0.name ?? "-") dynamic:\($0.dynamicName) \($0.registrations.count)" }
            == ["Coordinator/- dynamic:true 2", "Coordinator/privacy dynamic:false 1", "Router/- dynamic:true 0"])
        #expect(report.unregistered.isEmpty && report.duplicates.isEmpty)
        // Notes, never errors: check passes.
        let findings = Rules.findings(RuleContext(rules: ArchitectureRules(), injection: report))
        #expect(findings.brief == ["unregistered-service App->Coordinator info", "unregistered-service App->Router info"])
        #expect(findings.allSatisfy { $0.message.contains("not checkable statically") })
    }
}
