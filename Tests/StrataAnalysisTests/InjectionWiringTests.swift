import StrataAnalysis
import StrataConfiguration
import StrataModel
import StrataScan
import Testing

/// Modules made of one scanned source file each, for DI analysis.
func injectionProject(
    _ spec: [(name: String, kind: ModuleKind, declares: [String], source: String)], names: InjectionNames = InjectionNames()
) -> Project {
    // As the pipeline does: scan again with the names of the containers found by shape.
    let first = spec.map { FileScanner.scan(Array($0.source.utf8), names: names) }
    let all = names.merged(with: InjectionContainers.names(in: first, configured: names))
    return madeUpProject(spec.map { ($0.name, $0.kind, $0.declares) }) { index in
        all == names ? first[index] : FileScanner.scan(Array(spec[index].source.utf8), names: all)
    }
}

@Suite struct InjectionWiringTests {
    func analyze(_ project: Project, _ yaml: String = "") throws -> InjectionReport {
        let configuration = try Configuration.parse(yaml, file: "strata.yml")
        return InjectionWiring.analyze(project, vocabulary: configuration.injection, rules: configuration.rules)
    }

    @Test func nonContainerRegisterAndResolveCallsAreNotDI() throws {
        let report = try analyze(injectionProject([(name: "App", kind: .app, declares: [], source: """
            import UIKit
            import NIOCore
            final class Screen {
                func setUp(tableView: UITableView, grid: UICollectionView, channel: Channel, resolver: DNSResolver) {
                    tableView.register(Cell.self, forCellReuseIdentifier: "cell")
                    grid.register(Cell.self, forCellWithReuseIdentifier: "cell")
                    tableView.register(UINib(nibName: "Cell", bundle: nil), forCellReuseIdentifier: "nib")
                    _ = channel.register()
                    _ = resolver.resolve(host: "example.com", port: 443)
                    _ = url.resolvingSymlinksInPath().resolve(against: base)
                }
            }
            """)]))
        #expect(report.registrations.isEmpty && report.resolutions.isEmpty)
    }

    @Test func resolutionsMatchRegistrationsByTypeAndNameAndTheRestAreUnregistered() throws {
        let report = try analyze(injectionProject([
            (name: "Core", kind: .library, declares: [], source: """
                public protocol Logging {}
                struct PrintLogger: Logging {}
                func wire(container: Container) {
                    container.register(Logging.self) { _ in PrintLogger() }.inObjectScope(.container)
                    container.register(Logging.self, name: "audit") { _ in PrintLogger() }
                }
                """),
            (name: "Feature", kind: .library, declares: ["Core"], source: """
                import Core
                func use(resolver: Resolver) {
                    _ = resolver.resolve(Logging.self)!
                    _ = resolver.resolve(Logging.self, name: "audit")!
                    _ = resolver.resolve(Logging.self, name: "missing")
                    _ = resolver.resolve(Missing.self, argument: 1)
                }
                """),
            (name: "FeatureTests", kind: .test, declares: ["Feature"], source: "func t(r: Resolver) { _ = r.resolve(Unknown.self) }"),
        ]))
        #expect(report.registrations.map { "\($0.service)/\($0.name ?? "-") \($0.implementation ?? "-") \($0.scope ?? "-")" }
            == ["Logging/- PrintLogger container", "Logging/audit PrintLogger -"])
        #expect(report.resolutions.map { "\($0.service)/\($0.name ?? "-") \($0.registrations.compactMap(\.line))" }
            == ["Logging/- [4]", "Logging/audit [5]", "Logging/missing []", "Missing/- []", "Unknown/- []"])
        // A test resolving something nobody registers is how containers get tested.
        #expect(report.unregistered.map(\.service) == ["Logging", "Missing"])
        #expect(report.edges.map { "\($0.from.target)->\($0.to.target)" } == ["Feature->Core"])
    }

    @Test func aServiceRegisteredTwiceInProductionIsADuplicate() throws {
        let report = try analyze(injectionProject([
            (name: "A", kind: .library, declares: [], source: "func a(c: Container) { c.register(Clock.self) { _ in SystemClock() } }"),
            (name: "B", kind: .library, declares: [], source: "func b(c: Container) { c.register(Clock.self) { _ in SystemClock() } }"),
            (name: "BTests", kind: .test, declares: ["B"], source: "func t(c: Container) { c.register(Clock.self) { _ in FakeClock() } }"),
        ]))
        #expect(report.duplicates.map { $0.map(\.file) } == [["Sources/A/File.swift", "Sources/B/File.swift"]])
        let findings = Rules.findings(RuleContext(rules: ArchitectureRules(), injection: report))
        #expect(findings.brief == ["duplicate-registration A->Clock warn"])
    }

    @Test func configuredCallsMatchThroughTheRegisteredTypesKeyMember() throws {
        let yaml = """
            injection:
              register:
                - call: regist(injectType:)
                  key: injectId
              resolve:
                - load(for:)
            """
        let names = try Configuration.parse(yaml, file: "strata.yml").injection.names
        let project = injectionProject([
            (name: "Cards", kind: .library, declares: [], source: """
                public struct CardItem: InjectItem { public static let injectId = Ids.cards }
                func open() { _ = Container.shared.load(for: Ids.accounts) }
                """),
            (name: "Accounts", kind: .library, declares: [], source: """
                public struct AccountItem: InjectItem { public static let injectId = Ids.accounts }
                func open() { _ = Container.shared.load(for: Ids.cards) }
                """),
            (name: "App", kind: .app, declares: ["Cards", "Accounts"], source: """
                func launch() {
                    Container.shared.regist(injectType: CardItem.self)
                    Container.shared.regist(injectType: AccountItem.self)
                }
                """),
        ], names: names)
        let report = try analyze(project, yaml)
        #expect(report.registrations.map(\.service) == ["Ids.cards", "Ids.accounts"])
        #expect(report.unregistered.isEmpty)
        // Each feature reaches the other only through the container: a cycle at run time.
        #expect(report.edges.map { "\($0.from.target)->\($0.to.target) \($0.containerOnly) \($0.breaks)" }
            == ["Accounts->Cards true [\"cycle\"]", "Cards->Accounts true [\"cycle\"]"])
    }

    @Test func anEdgeToAnAbstractionTheConsumerSeesIsInversionAndAnUpwardOneBreaksTheLayers() throws {
        let yaml = """
            layers:
              - {name: domain, modules: [Domain]}
              - {name: data, modules: [Data]}
              - {name: ui, modules: [UI]}
            """
        let project = injectionProject([
            (name: "Domain", kind: .library, declares: [], source: """
                public protocol Repository {}
                func wire(c: Container) {
                    c.register(UseCase.self) { r in DefaultUseCase(repository: r.resolve(Repository.self)!, screen: r.resolve(Screen.self)!) }
                }
                public struct DefaultUseCase {}
                """),
            (name: "Data", kind: .library, declares: ["Domain"], source: """
                import Domain
                struct DefaultRepository: Repository {}
                func wire(c: Container) { c.register(Repository.self) { _ in DefaultRepository() } }
                """),
            (name: "UI", kind: .library, declares: ["Domain"], source: """
                public protocol Screen {}
                struct HomeScreen: Screen {}
                func wire(c: Container) { c.register(Screen.self) { _ in HomeScreen() } }
                """),
        ])
        let report = try analyze(project, yaml)
        #expect(report.registrations.first { $0.service == "UseCase" }?.resolves == ["Repository", "Screen"])
        #expect(report.edges.map { "\($0.from.target)->\($0.to.target) inverted:\($0.inverted) \($0.breaks)" }
            == ["Domain->Data inverted:true []", "Domain->UI inverted:false [\"layer\", \"cycle\"]"])
        let findings = Rules.findings(RuleContext(project: project, rules: try rules(yaml), injection: report))
        #expect(findings.brief == ["container-dependency Domain->UI warn"])
    }

    @Test func invalidInjectionSettingsNameTheirLine() {
        #expect(throws: Configuration.Invalid.self) {
            try Configuration.parse("injection:\n  register:\n    - call: regist\n", file: "strata.yml")
        }
        do {
            _ = try Configuration.parse("injection:\n  resolve:\n    - {call: \"load(for:)\", key: id}\n", file: "strata.yml")
            Issue.record("a key on a resolution should be rejected")
        } catch {
            #expect(error.line == 3)
        }
    }
}
