@testable import StrataAnalysis
import StrataConfiguration
import StrataModel
import Testing

/// A warm session's DI memos (`InjectionWiring.Memo`, `NamesMemo`): the last report and names
/// stand while nothing DI reads changed, and only then.
@Suite struct InjectionMemoTests {
    static let container = """
        final class Services {
            static let shared = Services()
            private var makers: [ObjectIdentifier: () -> Any] = [:]
            func add<T>(_ type: T.Type, _ make: @escaping () -> T) { makers[ObjectIdentifier(type)] = make }
            func get<T>(_ type: T.Type) -> T { makers[ObjectIdentifier(type)]!() as! T }
        }
        func boot() { Services.shared.add(Clock.self) { SystemClock() } }
        func clock() -> Clock { Services.shared.get(Clock.self) }
        """

    /// The container, then what `tail` adds below it (nothing DI's lines depend on).
    static func project(_ tail: String, kind: ModuleKind = .app) -> Project {
        injectionProject([(name: "App", kind: kind, declares: [], source: container + "\n" + tail)])
    }

    static let tail = "func spell() { _ = Fact.self }\nenum Tab: String { case home = \"home\" }\nstruct Late {}\n"

    /// Each project against the base's memo holding a sentinel report: whether the sentinel
    /// came back.
    @Test(arguments: [
        // Declarations and values moved down a line: the same to DI.
        ("\n" + tail, true),
        // A body that spells Factory's type: `FactoryContainers` reads that.
        (tail.replacingOccurrences(of: "Fact.self", with: "Factory.self"), false),
        // A raw value (computed names read it), a declaration, a registration.
        (tail.replacingOccurrences(of: "= \"home\"", with: "= \"start\""), false),
        (tail + "struct Later {}\n", false),
        (tail + "func more() { Services.shared.add(Calendar.self) { Gregorian() } }\n", false),
    ])
    func theLastReportStandsOnlyWhileNothingDIReadsChanged(tail: String, stands: Bool) throws {
        let configuration = try Configuration.parse("", file: "strata.yml")
        let (vocabulary, rules) = (configuration.injection, configuration.rules)
        let base = Self.project(Self.tail)
        var sentinel = InjectionWiring.analyze(base, vocabulary: vocabulary, rules: rules)
        #expect(sentinel.registrations.map(\.service) == ["Clock"])
        sentinel.registrations = []
        var memo: InjectionWiring.Memo? = InjectionWiring.Memo(base, vocabulary: vocabulary, rules: rules, report: sentinel)
        let report = InjectionWiring.analyze(Self.project(tail), vocabulary: vocabulary, rules: rules, memo: &memo)
        #expect(report.registrations.isEmpty == stands)
    }

    @Test func aModuleOfAnotherKindOrOtherRulesMakeTheReportAgain() throws {
        let configuration = try Configuration.parse("", file: "strata.yml")
        let layered = try Configuration.parse("layers:\n  - name: app\n    modules: [App]\n", file: "strata.yml")
        let base = Self.project(Self.tail)
        var sentinel = InjectionWiring.analyze(base, vocabulary: configuration.injection, rules: configuration.rules)
        sentinel.registrations = []
        for (project, rules) in [(Self.project(Self.tail, kind: .library), configuration.rules), (base, layered.rules)] {
            var memo: InjectionWiring.Memo? = InjectionWiring.Memo(base, vocabulary: configuration.injection, rules: configuration.rules, report: sentinel)
            #expect(!InjectionWiring.analyze(project, vocabulary: configuration.injection, rules: rules, memo: &memo).registrations.isEmpty)
        }
    }

    @Test func theScansNamesStandWhileEveryFileReadsTheSame() {
        let facts = { (tail: String) in Self.project(tail).sources.values.joined().reduce(into: [String: FileFacts]()) { $0[$1.path] = $1.facts } }
        let sentinel = InjectionNames(calls: ["sentinel"])
        for (tail, stands) in [("\n" + Self.tail, true), (Self.tail + "func more() { Services.shared.add(Calendar.self) { Gregorian() } }\n", false)] {
            var memo: InjectionWiring.NamesMemo? = InjectionWiring.NamesMemo(configured: InjectionNames(), facts: facts(Self.tail), names: sentinel)
            let names = InjectionWiring.names(in: facts(tail), configured: InjectionNames(), memo: &memo)
            #expect((names == sentinel) == stands, "\(tail)")
        }
    }
}
