import StrataModel

/// A rule Strata checks: what it is (`definition`: id, name, rationale, default severity and
/// examples) and the code that finds it. A new rule is a file in this folder with a type
/// conforming to `Rule`, its line in `Rules.all`, and its id in `RuleID`.
protocol Rule: SendableMetatype {
    static var definition: RuleDefinition { get }
    /// Its findings in one analysis, at the severity `context.rules` gives it (none when off).
    static func findings(in context: RuleContext) -> [Finding]
}

/// What rules look at: the assembled project, `strata.yml`'s rules, and the analyses.
public struct RuleContext: Sendable {
    /// A module's display name, for messages and for `strata.yml`'s patterns.
    func name(_ id: ModuleID) -> String { project.graph.name(of: id) }

    public var project: Project
    public var rules: ArchitectureRules
    public var metrics: [String: ModuleMetrics]
    public var cycles: [Cycle]
    public var implicit: [ImplicitDependency]
    public var unused: [UnusedDependency]
    public var accessControl: AccessControlReport
    public var injection: InjectionReport
    public var linkage: LinkageImpact
    public var imports: ImportReport

    public init(
        project: Project = Project(root: "", packages: [], modules: [], edges: [], diagnostics: []),
        rules: ArchitectureRules = ArchitectureRules(), metrics: [String: ModuleMetrics] = [:], cycles: [Cycle] = [],
        implicit: [ImplicitDependency] = [], unused: [UnusedDependency] = [], accessControl: AccessControlReport = .empty,
        injection: InjectionReport = .empty, linkage: LinkageImpact = .empty, imports: ImportReport = .empty
    ) {
        self.project = project
        self.rules = rules
        self.metrics = metrics
        self.cycles = cycles
        self.implicit = implicit
        self.unused = unused
        self.accessControl = accessControl
        self.injection = injection
        self.linkage = linkage
        self.imports = imports
    }
}

/// Every rule, in the order they run.
public enum Rules {
    // Defaults: what breaks the intended architecture or the build is an error (layer order,
    // forbidden dependencies and imports, cycles, `@testable` in production code, a resolution
    // nothing registers, shared state copied into several images); what is probably wrong but
    // often tolerated is a warning; the Stable Abstractions Principle is advice (info); the
    // access-control advice is off unless `strata.yml`'s `severity:` names it, as a library's
    // whole API would otherwise flood `strata check`.
    static let all: [any Rule.Type] = [
        LayerViolationRule.self,
        ForbiddenDependencyRule.self,
        ForbiddenImportRule.self,
        StableDependenciesRule.self,
        StableAbstractionsRule.self,
        TestableImportRule.self,
        ExportedImportRule.self,
        UndeclaredImportRule.self,
        CycleRule.self,
        ImplicitDependencyRule.self,
        UnusedDependencyRule.self,
        UnusedImportRule.self,
        UnusedPublicRule.self,
        OpenNotSubclassedRule.self,
        UnregisteredServiceRule.self,
        DuplicateRegistrationRule.self,
        ContainerKeyMismatchRule.self,
        ContainerDependencyRule.self,
        SharedStateDuplicatedRule.self,
    ]

    /// Every rule's findings, sorted: what `AnalysisResult.findings` holds and `strata check` prints.
    /// The rules run side by side as the workers allow; their findings join in rule order.
    public static func findings(_ context: RuleContext, workers: any Workers = SerialWorkers()) -> [Finding] {
        workers.map(all.count) { all[$0].findings(in: context) }.joined().sorted()
    }

    /// Every rule's definition, in the order they run.
    public static var definitions: [RuleDefinition] { all.map { $0.definition } }

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.definition.id, $0.definition) })

    /// The definition of a rule.
    public static func definition(of rule: RuleID) -> RuleDefinition { byID[rule]! }
}

extension RuleID {
    public var definition: RuleDefinition { Rules.definition(of: self) }
    public var title: String { definition.title }
    public var rationale: String { definition.rationale }
    /// The severity when `strata.yml` does not set one; nil for rules that are off by default.
    public var defaultSeverity: Finding.Severity? { definition.defaultSeverity }
}

extension ArchitectureRules {
    /// The severity of `rule`: the configured one, else the rule's default; nil when turned off.
    public func severity(of rule: RuleID) -> Finding.Severity? {
        if let configured = severities[rule] { return configured }
        return rule.defaultSeverity
    }
}

/// Repositories and `strata.yml` lines more than one rule's examples use.
enum RuleExamples {
    static let twoLayers = """
        layers:
          - {name: core, modules: [Core]}
          - {name: feature, modules: [Feature]}
        """

    static let swinject = "    dependencies: [.package(url: \"https://github.com/Swinject/Swinject\", from: \"2.10.0\")],"

    static let swinjectProduct = ".product(name: \"Swinject\", package: \"Swinject\")"

    static let injectionLayers = """
        layers:
          - {name: domain, modules: [Domain]}
          - {name: ui, modules: [UI]}
        """
}
