/// One import of a module, from a file of the importing module.
public struct ImportSite: Hashable, Sendable, Codable, Comparable {
    public var module: String
    public var evidence: Location
    public var attributes: [String]?
    public var accessLevel: AccessLevel?
    public var declarationKind: String?
    public var symbol: String?
    public var condition: String?

    public init(_ fact: ImportFact, file: String) {
        module = fact.module
        evidence = Location(file: file, line: fact.line)
        attributes = fact.attributes.isEmpty ? nil : fact.attributes
        accessLevel = fact.accessLevel
        declarationKind = fact.declarationKind
        symbol = fact.symbol
        condition = fact.condition
    }

    public static func < (lhs: ImportSite, rhs: ImportSite) -> Bool {
        lhs.evidence != rhs.evidence ? lhs.evidence < rhs.evidence : lhs.module < rhs.module
    }

    /// Its fields as a row of a `strata.json` document (`DocumentRows`), in this order.
    static let columns = ["module", "evidence", "attributes", "accessLevel", "declarationKind", "symbol", "condition"]

    private enum CodingKeys: String, CodingKey { case module, evidence, attributes, accessLevel, declarationKind, symbol, condition }

    public init(from decoder: any Decoder) throws {
        if DocumentRows.active {
            var row = try RowReader(decoder)
            module = try row(ImportedModule.self).name
            evidence = try row()
            attributes = try row.optional()
            accessLevel = try row.optional()
            declarationKind = try row.optional()
            symbol = try row.optional()
            condition = try row.optional()
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        module = try container.decode(String.self, forKey: .module)
        evidence = try container.decode(Location.self, forKey: .evidence)
        attributes = try container.decodeIfPresent([String].self, forKey: .attributes)
        accessLevel = try container.decodeIfPresent(AccessLevel.self, forKey: .accessLevel)
        declarationKind = try container.decodeIfPresent(String.self, forKey: .declarationKind)
        symbol = try container.decodeIfPresent(String.self, forKey: .symbol)
        condition = try container.decodeIfPresent(String.self, forKey: .condition)
    }

    public func encode(to encoder: any Encoder) throws {
        if DocumentRows.active {
            var row = RowWriter(encoder)
            try row(ImportedModule(name: module))
            try row(evidence)
            try row(attributes)
            try row(accessLevel)
            try row(declarationKind)
            try row(symbol)
            try row(condition)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(module, forKey: .module)
        try container.encode(evidence, forKey: .evidence)
        try container.encodeIfPresent(attributes, forKey: .attributes)
        try container.encodeIfPresent(accessLevel, forKey: .accessLevel)
        try container.encodeIfPresent(declarationKind, forKey: .declarationKind)
        try container.encodeIfPresent(symbol, forKey: .symbol)
        try container.encodeIfPresent(condition, forKey: .condition)
    }
}

/// A module with its scanned facts summed up: the unit every analysis works on.
public struct AssembledModule: Hashable, Sendable, Codable {
    public var name: String
    /// Where the module is declared (`DiscoveredModule.id`).
    public var id: ModuleID
    /// The name `import` uses for this module.
    public var importName: String
    public var kind: ModuleKind
    public var system: BuildSystem
    public var product: String?
    public var linkage: Linkage
    /// For an image (a dynamic framework or an executable): the static modules whose code is
    /// copied into it, reached through static dependencies, in name order.
    @NamedModules public var links: [ModuleID]
    /// For an app, example app or test bundle: the dynamic frameworks it bundles and dyld
    /// loads at launch, reached through any dependencies, in name order.
    @NamedModules public var embeds: [ModuleID]
    public var package: String
    public var path: String
    public var manifest: Location?
    /// Other manifests that describe the same module.
    public var alsoDeclaredIn: [Location] = []
    public var files: Int
    public var lines: Int
    public var dependencies: [DeclaredDependency]
    public var imports: [ImportSite]
    /// Imports under an `#if` that holds for none of the module's platforms (`#if os(macOS)`
    /// in an iOS app): listed, but they make no edge and no finding.
    public var inactiveImports: [ImportSite]?
    /// The platforms `#if` was decided for.
    public var platforms: [String]?
    /// The upcoming and experimental compiler features it is built with, sorted; nil for none.
    public var features: [String]?
    /// True when its folder holds C, C++ or Objective-C sources (`DiscoveredModule.clangSources`).
    public var clangSources: Bool?
    /// Its public headers as read: how many, the names they declare, what they re-export, and
    /// why the names may be more; nil for a module without public headers found.
    public var headers: HeaderSummary?
    /// Declarations counted by kind.
    public var declarations: [String: Int]
    /// Declarations counted by effective access level.
    public var access: [String: Int]
    /// Structs and classes whose stored properties are all closures (dependency clients),
    /// counted as abstract like protocols; nil when there are none.
    public var interfaces: Int?
    /// A digest of the module's Swift files (paths and contents): equal digests in two
    /// revisions mean no file of the module changed. Nil when not computed.
    public var sourceDigest: String?
    /// Process-wide state the module declares (static `shared` instances, DI container types),
    /// sorted: what a static module duplicated into several images would duplicate.
    public var singletons: [Singleton] = []

    public init(
        _ module: DiscoveredModule, files: Int, lines: Int, dependencies: [DeclaredDependency],
        imports: [ImportSite], declarations: [String: Int], access: [String: Int], singletons: [Singleton] = []
    ) {
        self.init(
            name: module.name, importName: module.importName, kind: module.kind, system: module.system,
            product: module.product, linkage: module.linkage, package: module.package, path: module.path,
            manifest: module.manifest, files: files, lines: lines, dependencies: dependencies, imports: imports,
            declarations: declarations, access: access, singletons: singletons)
        id = module.id
        alsoDeclaredIn = module.alsoDeclaredIn
        features = module.features
        clangSources = module.clangSources
    }

    public init(
        name: String, importName: String? = nil, kind: ModuleKind, system: BuildSystem = .swiftpm,
        product: String? = nil, linkage: Linkage = .unknown, links: [ModuleID] = [], embeds: [ModuleID] = [],
        package: String, path: String, manifest: Location?, files: Int,
        lines: Int, dependencies: [DeclaredDependency], imports: [ImportSite],
        declarations: [String: Int], access: [String: Int], singletons: [Singleton] = []
    ) {
        self.name = name
        id = ModuleID(manifest: manifest?.file ?? path, target: RepositoryPath.name(of: name))
        self.importName = importName ?? DiscoveredModule.moduleName(forTarget: RepositoryPath.name(of: name))
        self.kind = kind
        self.system = system
        self.product = product
        self.linkage = linkage
        self.links = links
        self.embeds = embeds
        self.package = package
        self.path = path
        self.manifest = manifest
        self.files = files
        self.lines = lines
        self.dependencies = dependencies
        self.imports = imports
        self.declarations = declarations
        self.access = access
        self.singletons = singletons
    }

    /// Internal modules the declared dependencies stand for.
    public var declaredModules: Set<String> { Set(dependencies.flatMap { $0.modules ?? [] }) }

    public var typeCount: Int {
        DeclarationKind.allCases.filter(\.isType).reduce(0) { $0 + (declarations[$1.rawValue] ?? 0) }
    }
    public var protocolCount: Int { declarations[DeclarationKind.protocol.rawValue] ?? 0 }
    /// Abstract type declarations: protocols and interfaces (structs or classes of closures).
    public var abstractCount: Int { protocolCount + (interfaces ?? 0) }
}

/// A dependency between two internal modules: declared in a manifest, imported in code, or both.
extension AssembledModule {
    /// The manifest lines that declare a dependency on `module` (by name), in manifest order.
    public func declarationLines(of module: String) -> [Location] {
        dependencies.filter { $0.modules?.contains(module) == true }.map(\.evidence)
    }
}

public struct ImportEdge: Hashable, Sendable, Codable {
    /// The importing (or declaring) module and the module it imports (or declares).
    public var from: ModuleID
    public var to: ModuleID
    public var declared: Bool
    public var imported: Bool
    /// The import statements that make the edge, as `file:line`.
    public var evidence: [Location]
    /// The symbols of `to` that `from` uses, most used first, at most `symbolsKept`; nil when
    /// not computed.
    public var symbols: [EdgeSymbol]?
    /// How many more symbols `from` uses beyond those listed; nil when none.
    public var moreSymbols: Int?

    /// The most symbols an edge lists: enough to say what to move or abstract, few enough that
    /// an edge using a whole module (a parser on its syntax tree) keeps the result small.
    public static let symbolsKept = 8

    public init(from: ModuleID, to: ModuleID, declared: Bool, imported: Bool, evidence: [Location]) {
        self.from = from
        self.to = to
        self.declared = declared
        self.imported = imported
        self.evidence = evidence
    }

    private enum CodingKeys: String, CodingKey { case from, to, declared, imported, evidence, symbols, moreSymbols }

    /// Its modules by name (`ModuleNames`); in a `strata.json` document, `symbols` are rows
    /// (`SymbolRow`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        from = try ModuleNames.decode(forKey: .from, in: container)
        to = try ModuleNames.decode(forKey: .to, in: container)
        declared = try container.decode(Bool.self, forKey: .declared)
        imported = try container.decode(Bool.self, forKey: .imported)
        evidence = try container.decode([Location].self, forKey: .evidence)
        symbols = DocumentRows.active
            ? try container.decodeIfPresent([SymbolRow].self, forKey: .symbols)?.map(\.symbol)
            : try container.decodeIfPresent([EdgeSymbol].self, forKey: .symbols)
        moreSymbols = try container.decodeIfPresent(Int.self, forKey: .moreSymbols)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try ModuleNames.encode(from, forKey: .from, in: &container)
        try ModuleNames.encode(to, forKey: .to, in: &container)
        try container.encode(declared, forKey: .declared)
        try container.encode(imported, forKey: .imported)
        try container.encode(evidence, forKey: .evidence)
        if DocumentRows.active {
            try container.encodeIfPresent(symbols?.map(SymbolRow.init), forKey: .symbols)
        } else {
            try container.encodeIfPresent(symbols, forKey: .symbols)
        }
        try container.encodeIfPresent(moreSymbols, forKey: .moreSymbols)
    }
}

/// The assembled model: modules and the edges between them, with evidence.
public struct Project: Sendable, Codable {
    /// A display name for the repository (its folder name), never an absolute path.
    public var root: String
    public var packages: [PackageInfo]
    public var modules: [AssembledModule]
    public var edges: [ImportEdge]
    public var diagnostics: [Diagnostic]
    /// Each module's files with their facts, by module, for the analyses that need more
    /// than a module's totals (DI wiring, access control). Not part of the encoded model.
    public var sources: [ModuleID: [SourceFile]] = [:]
    /// What Swift sees of each C, Objective-C and mixed module through its public headers, by
    /// module. Not part of the encoded model (each module's `headers` sums it up).
    public var clang: [ModuleID: ClangInterface] = [:]
    /// The checked-out files of external modules the repository imports, by import name, with
    /// their facts (`.build/checkouts`, `SourcePackages/checkouts`, `Pods`): what grading an
    /// import of one reads. Not part of the encoded model.
    public var dependencySources: [String: [SourceFile]] = [:]
    /// The graph of `modules` and `edges` (tests included), as assembly built it: every analysis
    /// asks it. Not part of the encoded model.
    public let graph: ModuleGraph

    /// - Parameter graph: the graph of `modules` and `edges` when the caller has built it.
    public init(
        root: String, packages: [PackageInfo], modules: [AssembledModule], edges: [ImportEdge],
        diagnostics: [Diagnostic], sources: [ModuleID: [SourceFile]] = [:], graph: ModuleGraph? = nil
    ) {
        self.root = root
        self.packages = packages
        self.modules = modules
        self.edges = edges
        self.diagnostics = diagnostics
        self.sources = sources
        self.graph = graph ?? ModuleGraph(modules: modules, edges: edges)
    }

    private enum CodingKeys: String, CodingKey { case root, packages, modules, edges, diagnostics }

    /// Its edges' modules by name (`ModuleNames`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let names = try ModuleNames(pairs: container.decode([AnalysisResult.ModuleKey].self, forKey: .modules).map { ($0.id, $0.name) })
        try self.init(
            root: container.decode(String.self, forKey: .root), packages: container.decode([PackageInfo].self, forKey: .packages),
            modules: names.bound { try container.decode([AssembledModule].self, forKey: .modules) },
            edges: names.bound { try container.decode([ImportEdge].self, forKey: .edges) },
            diagnostics: container.decode([Diagnostic].self, forKey: .diagnostics))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(root, forKey: .root)
        try container.encode(packages, forKey: .packages)
        try ModuleNames(modules).bound {
            try container.encode(modules, forKey: .modules)
            try container.encode(edges, forKey: .edges)
        }
        try container.encode(diagnostics, forKey: .diagnostics)
    }
}

/// One Swift file of a module and what scanning learned from it.
public struct SourceFile: Sendable, Hashable {
    /// Relative to the repository root.
    public var path: String
    public var facts: FileFacts

    public init(path: String, facts: FileFacts) {
        self.path = path
        self.facts = facts
    }
}
