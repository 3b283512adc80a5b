import StrataAnalysis
import StrataConfiguration
import StrataModel
import StrataScan
import Testing

/// Registration and resolution names Strata computes: enum cases and `allCases`, `switch self`,
/// raw values, constants, interpolation and `+` of known values.
@Suite struct InjectionNameTests {
    func analyze(_ project: Project) throws -> InjectionReport {
        let configuration = try Configuration.parse("", file: "strata.yml")
        return InjectionWiring.analyze(project, vocabulary: configuration.injection, rules: configuration.rules)
    }

    func brief(_ resolutions: [Resolution]) -> [String] {
        resolutions.map { "\($0.service)/\($0.name ?? "-") line \($0.evidence.line ?? 0) \($0.dynamicName ? "dynamic" : "served by \($0.registrations.compactMap(\.line))")" }
    }

    @Test func coordinatorsRegisteredInALoopOverAllCasesServeTheirNamesAndNoOther() throws {
        let report = try analyze(injectionProject([
            (name: "Routes", kind: .library, declares: [], source: """
                public enum Route: CaseIterable {
                    case main, feed
                    case settings
                    public var coordinatorName: String {
                        switch self {
                        case .main: return "MainCoordinator"
                        case .feed, .settings: "\\(self)Coordinator"
                        }
                    }
                }
                """),
            (name: "App", kind: .app, declares: ["Routes"], source: """
                import Routes
                func wire(container: Container, input: String) {
                    Route.allCases.forEach { route in
                        container.register(Coordinator.self, name: route.coordinatorName) { _ in AppCoordinator(route: route) }
                    }
                    container.register(Router.self, name: input) { _ in AppRouter() }
                }
                func open(resolver: Resolver) {
                    _ = resolver.resolve(Coordinator.self, name: "feedCoordinator")!
                    _ = resolver.resolve(Coordinator.self, name: "ProfileCoordinator")!
                    _ = resolver.resolve(Coordinator.self, name: Route.settings.coordinatorName)!
                    _ = resolver.resolve(Router.self, name: "anything")!
                }
                """),
        ]))
        #expect(report.registrations.map { "\($0.service)/\($0.name ?? "-") line \($0.evidence.line ?? 0) \($0.dynamicName)" } == [
            "Coordinator/MainCoordinator line 4 false", "Coordinator/feedCoordinator line 4 false",
            "Coordinator/settingsCoordinator line 4 false", "Router/- line 6 true",
        ])
        #expect(brief(report.resolutions) == [
            "Coordinator/feedCoordinator line 9 served by [4]", "Coordinator/ProfileCoordinator line 10 served by []",
            "Coordinator/settingsCoordinator line 11 served by [4]", "Router/anything line 12 served by [6]",
        ])
        #expect(report.unregistered.map { "\($0.name ?? "-") \($0.evidence)" } == ["ProfileCoordinator Sources/App/File.swift:10"])
        #expect(report.uncheckable.isEmpty && report.duplicates.isEmpty)
        let findings = Rules.findings(RuleContext(rules: ArchitectureRules(), injection: report))
        #expect(findings.brief == ["unregistered-service App->Coordinator error"])
    }

    @Test func rawValuesConstantsArraysAndForLoopsAreComputedAndTheRestStayDynamic() throws {
        let report = try analyze(injectionProject([(name: "App", kind: .app, declares: [], source: """
            enum Screen: String, CaseIterable { case home = "HomeScreen", search }
            enum Names {
                static let suffix = "Service"
                static let audit = "Audit" + suffix
            }
            let legacyName = "Legacy\\(Names.suffix)"
            func wire(container: Container, session: Session) {
                for screen in Screen.allCases {
                    container.register(Screen.self, name: screen.rawValue) { _ in ScreenView() }
                }
                ["a", "b"].forEach { container.register(Logger.self, name: $0) { _ in FileLogger() } }
                container.register(Logger.self, name: Names.audit) { _ in FileLogger() }
                container.register(Logger.self, name: legacyName) { _ in FileLogger() }
                let key = session.userName
                container.register(Profile.self, name: key) { _ in UserProfile() }
            }
            func use(resolver: Resolver, session: Session) {
                _ = resolver.resolve(Screen.self, name: "search")
                _ = resolver.resolve(Screen.self, name: "home")
                _ = resolver.resolve(Logger.self, name: "b")
                _ = resolver.resolve(Logger.self, name: "AuditService")
                _ = resolver.resolve(Logger.self, name: "LegacyService")
                _ = resolver.resolve(Profile.self, name: session.userName)
            }
            """)]))
        #expect(report.registrations.map { "\($0.service)/\($0.name ?? "-")" } == [
            "Screen/HomeScreen", "Screen/search", "Logger/a", "Logger/b", "Logger/AuditService", "Logger/LegacyService", "Profile/-",
        ])
        #expect(brief(report.resolutions) == [
            "Screen/search line 18 served by [9]", "Screen/home line 19 served by []", "Logger/b line 20 served by [11]",
            "Logger/AuditService line 21 served by [12]", "Logger/LegacyService line 22 served by [13]", "Profile/- line 23 dynamic",
        ])
        #expect(report.unregistered.map(\.evidence.line) == [19])
        #expect(report.uncheckable.map(\.evidence.line) == [23])
        // Each uncheckable name says which part could not be bounded.
        #expect(report.uncheckable.map(\.unboundedName)
            == ["Session is not an enum of the repository (with cases and no associated values): its values cannot be bounded"])
        #expect(report.registrations.last?.unboundedName
            == "Session is not an enum of the repository (with cases and no associated values): its values cannot be bounded")
    }

    @Test func aNameThroughAParameterTypedByAnEnumIsEachCaseAndOneTypedStringIsNamedAsTheUnboundedPart() throws {
        let report = try analyze(injectionProject([(name: "App", kind: .app, declares: [], source: """
            enum Tab { enum Kind: String { case feed, inbox } }
            struct Wiring {
                let container: Container
                func register(_ kind: Tab.Kind) { container.register(Screen.self, name: kind.rawValue) { _ in Page() } }
                func register(title: String) { container.register(Screen.self, name: title) { _ in Page() } }
            }
            """)]))
        #expect(report.registrations.map { "\($0.name ?? "-") \($0.dynamicName)" } == ["feed false", "inbox false", "- true"])
        #expect(report.registrations.last?.unboundedName
            == "String is not an enum of the repository (with cases and no associated values): its values cannot be bounded")
    }

    @Test func theEvaluatorIsBoundedOnSelfReferenceAndHugeProducts() {
        let facts = FileScanner.scan(Array("""
            enum Loop { static let a = b; static let b = a }
            enum Letters: CaseIterable { case a, b, c, d, e, f, g, h }
            struct Names {
                static let product = "\\(Letters.allCases)\\(Letters.allCases)"
                static let single = "x" + Loop.a
                static let y = "y"
                static let selfSuffix = "x" + Self.y
            }
            enum Outer { static let unrelated = "u" }
            """.utf8)).values
        let evaluator = NameEvaluator(facts: facts)
        #expect(evaluator.strings(.member(.name("Loop"), "a")) == nil)
        #expect(evaluator.strings(.member(.name("Names"), "single")) == nil)
        // One loop variable has one value at a time: "\(l)\(l)" is 8 names, not 64.
        let letter = ValueExpression.element(.member(.name("Letters"), "allCases"))
        #expect(evaluator.strings(.joined([letter, letter]))?.prefix(2) == ["aa", "bb"])
        #expect(evaluator.strings(.joined([letter, letter]))?.count == 8)
        // Two loops multiply: 8 × 8 is within the bound, 8 × 40 past it.
        let pair = ValueExpression.element(.array((0..<8).map { .string("\($0)") }))
        let many = ValueExpression.element(.array((0..<40).map { .string("\($0)") }))
        #expect(evaluator.strings(.joined([letter, pair]))?.count == 64)
        #expect(evaluator.strings(.joined([letter, many])) == nil)
        #expect(evaluator.strings(.member(.name("Missing"), "x")) == nil)
        // `Outer.Letters` is known by its own name; `Self` is the type a member is declared in.
        #expect(evaluator.strings(.joined([.element(.member(.member(.name("Outer"), "Letters"), "allCases"))]))?.count == 8)
        #expect(evaluator.strings(.member(.name("Names"), "selfSuffix")) == ["xy"])
    }

    @Test func namesPastTheBoundsStayDynamicInBoundedTime() throws {
        // 3,000 constants each doubling the last, an enum of 900 cases, names made of both.
        var source = "let a0 = \"x\"\n"
        for index in 1..<3_000 { source += "let a\(index) = a\(index - 1) + \"\\(a\(index - 1))\"\n" }
        source += "enum Big: CaseIterable { case " + (0..<900).map { "c\($0)" }.joined(separator: ", ") + " }\n"
        source += """
            func wire(c: Container) {
                Big.allCases.forEach { b in c.register(P.self, name: "\\(b)\\(b)") { _ in I() } }
                c.register(P.self, name: a2999) { _ in I() }
                _ = c.resolve(P.self, name: a3)
            }
            """
        let start = ContinuousClock.now
        let report = try analyze(injectionProject([(name: "App", kind: .app, declares: [], source: source)]))
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(report.registrations.map { "\($0.name ?? "-") \($0.dynamicName)" } == ["- true", "- true"])
        // a3 is "xx" doubled twice over: computed, and served by the dynamic registrations.
        #expect(report.resolutions.map { "\($0.name ?? "-") \($0.registrations.count)" } == ["xxxxxxxx 2"])
    }

    @Test func theScanKeepsOnlyValuesANameCanBeComputedFrom() {
        let facts = FileScanner.scan(Array("""
            enum Route: CaseIterable {
                case a, b
                var title: String {
                    switch self {
                    case .a: "A"
                    default: "\\(self)"
                    }
                }
                var count: Int { 2 }
                var dynamic: String { UserDefaults.standard.string(forKey: "x") ?? "" }
            }
            enum Payload { case data(Int) }
            var mutable = "x"
            let constant = "y"
            """.utf8)).values
        #expect(facts.map { "\($0.kind) \($0.owner ?? "-").\($0.name) \($0.branches.map(\.cases))" } == [
            "enumeration -.Route [[\"a\"], [\"b\"]]", "property Route.title [[\"a\"], []]", "property -.constant []",
        ])
    }
}
