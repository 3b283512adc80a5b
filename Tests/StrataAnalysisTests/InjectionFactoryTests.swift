import StrataAnalysis
import StrataConfiguration
import StrataModel
import Testing

/// Factory's API beyond properties and `@Injected`, as its demo app uses it; and
/// swift-dependencies counted one registration per dependency.
@Suite struct InjectionFactoryTests {
    func analyze(_ project: Project) throws -> InjectionReport {
        let configuration = try Configuration.parse("", file: "strata.yml")
        return InjectionWiring.analyze(project, vocabulary: configuration.injection, rules: configuration.rules)
    }

    static let containers = """
        import Factory
        extension Container {
            var myServiceType: Factory<MyServiceType> { self { MyService() }.onTest { MockService() }.onPreview { PreviewService() } }
            var constructedService: Factory<MyConstructedService> { self { MyConstructedService(service: self.myServiceType()) } }
            var contextService: Factory<MyServiceType> { self { MyService() }.context(.test) { MockService() } }
        }
        final class PaymentContainer: SharedContainer {
            static let shared = PaymentContainer()
            var payments: Factory<Payments> { self { LivePayments() }.singleton }
            let manager = ContainerManager()
        }
        extension Container: AutoRegistering {
            public func autoRegister() { register { AutoService() as AutoServiceType } }
        }
        """

    @Test func resolutionsThroughVariablesCustomContainersAndResolvingAreFound() throws {
        let report = try analyze(injectionProject([
            (name: "Services", kind: .library, declares: [], source: Self.containers),
            (name: "Screens", kind: .library, declares: ["Services"], source: """
                import Factory
                import Services
                final class ContentViewModel {
                    let container: Container
                    @InjectedType var auto: AutoServiceType?
                    init(container: Container) { self.container = container }
                    func load() {
                        _ = container.constructedService()
                        let c = Container.shared
                        _ = c.myServiceType()
                        _ = PaymentContainer.shared.payments()
                        _ = Container.shared.resolve(AutoServiceType.self)
                        let inferred: AutoServiceType? = container.resolve()
                        _ = Container.shared.myServiceType.resolve()
                        _ = viewModel.load()
                    }
                }
                """),
        ]))
        #expect(report.registrations.filter { $0.kind == .definition }.map { "\($0.api) \($0.service) \($0.implementation ?? "-")" } == [
            "factory myServiceType MyService", "factory constructedService MyConstructedService",
            "factory contextService MyService", "factory payments LivePayments",
            "factory-resolving AutoServiceType AutoService",
        ])
        #expect(report.registrations.first { $0.service == "constructedService" }?.resolves == ["myServiceType"])
        #expect(report.resolutions.filter { $0.module == "Screens" }.map { "\($0.api) \($0.service) \($0.registrations.count)" } == [
            "@InjectedType AutoServiceType 1", "factory constructedService 1", "factory myServiceType 1", "factory payments 1",
            "container AutoServiceType 1", "container AutoServiceType 1", "factory myServiceType 1",
        ])
        #expect(report.unregistered.isEmpty)
    }

    @Test func overridesAreRegistrationsOfTheirOwnKindNeverDuplicatesNorResolutions() throws {
        let report = try analyze(injectionProject([
            (name: "Services", kind: .library, declares: [], source: Self.containers),
            (name: "ServicesTests", kind: .test, declares: ["Services"], source: """
                import Factory
                @testable import Services
                final class Tests {
                    func setUp() {
                        Container.shared.myServiceType.register { MockService() }
                        Container.shared.constructedService { MyConstructedService(service: MockService()) }
                        Container.shared.myServiceType.onArg("mock") { MockService() }
                        Container.shared.unknownThing.register { Other() }
                        tableView.register(Cell.self, forCellReuseIdentifier: "x")
                    }
                }
                """),
        ]))
        let overrides = report.registrations.filter { $0.kind == .override }
        #expect(overrides.map { "\($0.module) \($0.service) \($0.implementation ?? "-")" }.sorted() == [
            "Services contextService MockService", "Services myServiceType MockService", "Services myServiceType PreviewService",
            "ServicesTests constructedService MyConstructedService", "ServicesTests myServiceType MockService",
            "ServicesTests myServiceType MockService",
        ])
        #expect(report.resolutions.filter { $0.module == "ServicesTests" }.isEmpty)
        #expect(report.duplicates.isEmpty)
    }

    @Test func swiftDependenciesCountOneRegistrationPerDependencyWithItsKeysValues() throws {
        let report = try analyze(injectionProject([
            (name: "Clients", kind: .library, declares: [], source: """
                import Dependencies
                struct APIClient { var fetch: () -> Int }
                extension APIClient: TestDependencyKey {
                    static let testValue = APIClient(fetch: { 0 })
                    static let previewValue = APIClient.mock
                }
                extension APIClient: DependencyKey { static let liveValue = APIClient.live() }
                extension DependencyValues {
                    var apiClient: APIClient { get { self[APIClient.self] } set { self[APIClient.self] = newValue } }
                    // Not dependencies: a static property and a local.
                    static var live: Self { var values = Self(); return values }
                    @DependencyEntry(liveValue: EntryValue.live) var entry = EntryValue.test
                    func describe() -> String { var argument: String { "x" }; return argument }
                }
                enum Speech: DependencyKey { static let liveValue = LiveSpeech() }
                """),
            (name: "Feature", kind: .library, declares: ["Clients"], source: """
                import Dependencies
                struct Model {
                    @Dependency(\\.apiClient) var api
                    @Dependency(APIClient.self) var sameClient
                    @Dependency(Speech.self) var speech
                    @Dependency(\\.apiClient.fetch) var fetch
                    @Dependency(\\.entry) var entry
                }
                """),
        ]))
        #expect(report.registrations.map { "\($0.service) \($0.implementation ?? "-") \($0.values)" } == [
            "apiClient APIClient [\"liveValue: APIClient\", \"testValue: APIClient\", \"previewValue: APIClient\"]",
            "entry EntryValue [\"liveValue: EntryValue\", \"testValue: EntryValue\"]",
            "Speech LiveSpeech [\"liveValue: LiveSpeech\"]",
        ])
        #expect(report.resolutions.map { "\($0.service) \($0.registrations.count)" }
            == ["apiClient 1", "apiClient 1", "Speech 1", "apiClient 1", "entry 1"])
    }
}
