import StrataModel
import StrataScan
import Testing

@Suite struct InjectionScannerTests {
    func injections(_ source: String, names: InjectionNames = InjectionNames()) -> [InjectionFact] {
        FileScanner.scan(Array(source.utf8), names: names).injections
    }

    @Test func swinjectRegistrationKeepsItsScopeImplementationAndWhatItsFactoryResolves() {
        let facts = injections("""
            final class A: Assembly {
                func assemble(container: Container) {
                    container.register(APIClient.self, name: "x") { resolver in
                        DefaultClient(logger: resolver.resolve(Logging.self)!)
                    }
                    .inObjectScope(.container)
                }
            }
            """)
        #expect(facts.count == 2)
        #expect(facts[0].name == "register" && facts[0].receiver == "container")
        #expect(facts[0].arguments.map(\.label) == [nil, "name", "{}"])
        #expect(facts[0].arguments.first?.metatype == "APIClient")
        #expect(facts[0].implementation == "DefaultClient" && facts[0].scope == "container" && facts[0].context == "A")
        #expect(facts[1].name == "resolve" && facts[1].within == 0 && facts[1].line == 4)
    }

    @Test func factoryPropertiesWrappersAndConsumerCalls() {
        let facts = injections("""
            import Factory
            extension Container {
                var repo: Factory<Repo> { self { DefaultRepo(source: self.source()) }.singleton }
            }
            struct V {
                @Injected(\\.repo) var repo: Repo
                func f() { _ = Container.shared.repo() }
            }
            """)
        #expect(facts.map(\.shape) == [.factory, .call, .wrapper, .call])
        #expect(facts[0].name == "repo" && facts[0].type == "Repo" && facts[0].implementation == "DefaultRepo")
        #expect(facts[0].scope == "singleton")
        #expect(facts[1].name == "source" && facts[1].within == 0)
        #expect(facts[2].name == "Injected" && facts[2].arguments.first?.text == "\\.repo" && facts[2].type == "Repo")
        #expect(facts[3].name == "repo" && facts[3].receiver == "Container.shared" && facts[3].within == nil)
    }

    @Test func factoryOneStaticFactoriesAreReadFromTheirInitializer() {
        // Factory 1.x: the served type from the specialization, the closure's cast or declared
        // result, else what it constructs; the scope from the initializer's argument.
        let facts = injections("""
            import Factory
            extension Container {
                static let a = Factory<P>(scope: .singleton) { Impl() }
                static let b = Factory { Impl() as P }
                static let c = Factory { () -> P in Impl() }
                static let d = Factory { Impl(a: a()) }
                static var e = ParameterFactory<Int, P> { n in Impl(n: n) }
                static let f = Factory.Scope.singleton
                static let g = Lazy { Impl() }
                static let h = Factory(scope: .cached) { database().container }
                static let i = Factory { @MainActor in
                    Impl(a: a())
                }
            }
            """).filter { $0.shape == .factory }
        #expect(facts.map { "\($0.name) \($0.type ?? "-") \($0.implementation ?? "-") \($0.scope ?? "-")" } == [
            "a P Impl singleton", "b P Impl -", "c P Impl -", "d Impl Impl -", "e P Impl -", "h - - cached", "i Impl Impl -",
        ])
    }

    @Test func swiftDependenciesKeysAndValues() {
        let facts = injections("""
            extension APIClient: DependencyKey { static let liveValue = APIClient.live() }
            extension DependencyValues {
                var api: APIClient { get { self[APIClient.self] } set { self[APIClient.self] = newValue } }
            }
            """)
        #expect(facts.map(\.shape) == [.dependencyKey, .dependencyValue])
        #expect(facts[0].type == "APIClient" && facts[0].implementation == "APIClient")
        #expect(facts[1].name == "api" && facts[1].type == "APIClient" && facts[1].implementation == "APIClient")
    }

    @Test func aGenericParameterIsMarkedAndConfiguredNamesAreRecorded() {
        let facts = injections("""
            struct Injectable<Interface> { func g() { _ = Container.shared.resolve(Interface.self) } }
            func f() { Container.shared.regist(injectType: CardItem.self); _ = Container.shared.load(for: Ids.card) }
            struct S { @Injectable private var service: AuthService? }
            """, names: InjectionNames(calls: ["regist", "load"], wrappers: ["Injectable"]))
        #expect(facts.map(\.name) == ["resolve", "regist", "load", "Injectable"])
        #expect(facts[0].generic && !facts[1].generic)
        #expect(facts[2].arguments == [InjectionFact.Argument(label: "for", text: "Ids.card")])
        #expect(facts[3].type == "AuthService")
    }

    @Test func filesWithoutInjectionNamesAreNotWalked() {
        #expect(injections("func load(for id: String) {}; load(for: x)").isEmpty)
    }
}
