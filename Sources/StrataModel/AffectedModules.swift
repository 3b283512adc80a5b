/// What `strata affected` answers: the modules and test targets a change can break, each with
/// the chain of dependencies that reaches a changed file, and the changed files no module owns.
public struct AffectedModules: Hashable, Sendable, Codable {
    /// 1: the first shape.
    public static let currentSchemaVersion = 1

    public var schemaVersion = Self.currentSchemaVersion
    public var generator = "strata \(StrataVersion.current)"
    /// The revisions compared, as given (nil base: a list of changed files without a base).
    public var base: String?
    public var head: String
    /// Every changed file with what Strata made of it, by path.
    public var changes: [FileChange]
    /// Affected modules (production and test), by name.
    public var modules: [AffectedModule]
    /// The affected test modules' names, sorted: what to test.
    public var tests: [String]
    /// Every test module of the repository, sorted: what `-skip-testing` names when no test is affected.
    public var allTests: [String]
    /// Changed files no module owns, sorted.
    public var unowned: [String]
    /// Why every module is affected, when one change makes them all (an unowned build file).
    public var everything: String?
    public var counts: Counts

    public struct Counts: Hashable, Sendable, Codable {
        public var changedFiles: Int
        public var modules: Int
        public var tests: Int
        public var allModules: Int
        public var allTests: Int
        public var unowned: Int

        public init(changedFiles: Int, modules: Int, tests: Int, allModules: Int, allTests: Int, unowned: Int) {
            self.changedFiles = changedFiles
            self.modules = modules
            self.tests = tests
            self.allModules = allModules
            self.allTests = allTests
            self.unowned = unowned
        }
    }

    public init(
        base: String?, head: String, changes: [FileChange], modules: [AffectedModule], allModules: Int, allTests: [String],
        everything: String?
    ) {
        self.base = base
        self.head = head
        self.changes = changes
        self.modules = modules
        tests = modules.filter { $0.kind.isTest }.map(\.name)
        self.allTests = allTests
        unowned = changes.filter { $0.kind == .unowned }.map(\.path)
        self.everything = everything
        counts = Counts(
            changedFiles: changes.count, modules: modules.count, tests: tests.count, allModules: allModules,
            allTests: allTests.count, unowned: unowned.count)
    }
}

/// An affected module and why: the chain of modules from it down to one a file change touches.
public struct AffectedModule: Hashable, Sendable, Codable, Comparable {
    public var name: String
    /// Where it is declared (`AssembledModule.id`).
    public var id: ModuleID
    public var kind: ModuleKind
    /// The target name in its manifest (what `xcodebuild -only-testing:` names).
    public var target: String
    /// The module name (what `swift test --filter` matches).
    public var importName: String
    /// The product type or Bazel rule as the manifest writes it (`ios_unit_test`), when it says one.
    public var product: String?
    /// From this module to the one a change touches, each depending on the next; one element
    /// when a change touches this module itself.
    public var chain: [String]
    /// What changed in the last module of the chain: `Sources/Networking/Client.swift changed`.
    public var cause: String

    public init(
        name: String, id: ModuleID, kind: ModuleKind, target: String, importName: String, product: String? = nil, chain: [String],
        cause: String
    ) {
        self.name = name
        self.id = id
        self.kind = kind
        self.target = target
        self.importName = importName
        self.product = product
        self.chain = chain
        self.cause = cause
    }

    /// `FeedTests ← Feed ← Networking: Sources/Networking/Client.swift changed`.
    public var reason: String { chain.joined(separator: " ← ") + ": " + cause }

    public static func < (lhs: AffectedModule, rhs: AffectedModule) -> Bool { lhs.name < rhs.name }
}
