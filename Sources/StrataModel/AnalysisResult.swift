/// Martin's package metrics for one module.
public struct ModuleMetrics: Hashable, Sendable, Codable {
    /// Efferent coupling (fan-out): distinct internal modules this one imports.
    public var ce: Int
    /// Afferent coupling (fan-in): distinct internal modules that import this one.
    public var ca: Int
    /// I = Ce / (Ca + Ce), 0 when both are 0.
    public var instability: Double
    /// A = abstract types (protocols, and structs or classes whose stored properties are all
    /// closures) / type declarations, 0 without types.
    public var abstractness: Double
    /// D = |A + I - 1|, the distance from the main sequence.
    public var distance: Double
    public var types: Int
    public var protocols: Int
    /// Structs and classes of closures (dependency clients) counted as abstract; nil for none.
    public var interfaces: Int?

    public init(
        ce: Int, ca: Int, instability: Double, abstractness: Double, distance: Double, types: Int, protocols: Int, interfaces: Int? = nil
    ) {
        self.ce = ce
        self.ca = ca
        self.instability = instability
        self.abstractness = abstractness
        self.distance = distance
        self.types = types
        self.protocols = protocols
        self.interfaces = interfaces
    }
}

/// External modules a module imports, split by origin.
public struct ExternalImports: Hashable, Sendable, Codable {
    /// Apple SDK and Swift toolchain modules (Foundation, UIKit, XCTest, ...).
    public var apple: [String]
    /// Everything else that is not a module of the repository.
    public var thirdParty: [String]

    public init(apple: [String], thirdParty: [String]) {
        self.apple = apple
        self.thirdParty = thirdParty
    }
}

/// A strongly connected component of the import graph.
public struct Cycle: Hashable, Sendable, Codable {
    public var modules: [String]
    /// The edges inside the component, each with its import sites.
    public var edges: [ImportEdge]
    /// The cheapest edges to remove to break the cycle (weighted by import sites), with the
    /// import lines to change.
    public var cuts: [CycleCut]

    public init(modules: [String], edges: [ImportEdge], cuts: [CycleCut] = []) {
        self.modules = modules
        self.edges = edges
        self.cuts = cuts
    }
}

/// An internal module imported without being declared as a dependency.
public struct ImplicitDependency: Hashable, Sendable, Codable {
    public var module: String
    public var dependency: String
    public var evidence: [Location]

    public init(module: String, dependency: String, evidence: [Location]) {
        self.module = module
        self.dependency = dependency
        self.evidence = evidence
    }
}

/// A declared dependency on an internal module that no file of the module imports.
public struct UnusedDependency: Hashable, Sendable, Codable {
    public var module: String
    public var dependency: String
    /// The manifest line that declares it.
    public var evidence: Location

    public init(module: String, dependency: String, evidence: Location) {
        self.module = module
        self.dependency = dependency
        self.evidence = evidence
    }
}

/// A module as the result document shows it: its facts, its external imports and metrics.
public struct ModuleEntry: Hashable, Sendable, Codable {
    public var module: AssembledModule
    public var external: ExternalImports
    /// Nil for test modules.
    public var metrics: ModuleMetrics?

    public init(module: AssembledModule, external: ExternalImports, metrics: ModuleMetrics?) {
        self.module = module
        self.external = external
        self.metrics = metrics
    }

    private enum Keys: String, CodingKey { case external, metrics }

    public init(from decoder: any Decoder) throws {
        module = try AssembledModule(from: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        external = try container.decode(ExternalImports.self, forKey: .external)
        metrics = try container.decodeIfPresent(ModuleMetrics.self, forKey: .metrics)
    }

    /// Flattened: the module's own keys next to `external` and `metrics`.
    public func encode(to encoder: any Encoder) throws {
        try module.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(external, forKey: .external)
        try container.encode(metrics, forKey: .metrics)
    }
}

/// Counts for the overview.
public struct Summary: Hashable, Sendable, Codable {
    public var modules: Int
    public var files: Int
    public var lines: Int
    public var internalEdges: Int
    public var cycles: Int
    public var implicitDependencies: Int
    public var unusedDependencies: Int
    public var warnings: Int
    /// Static modules copied into two or more images (`linkage.duplicatedStaticModules`).
    public var duplicatedStaticModules: Int = 0
    /// Those of them that hold a DI container or shared instance.
    public var criticalDuplicatedStaticModules: Int = 0
    /// DI: registrations, resolutions, resolutions nothing registers, services registered more
    /// than once, and container-only module edges that break a layer or close a cycle.
    public var registrations: Int = 0
    public var resolutions: Int = 0
    public var unregisteredResolutions: Int = 0
    public var duplicateRegistrations: Int = 0
    public var flaggedContainerEdges: Int = 0
    /// Rule findings (`AnalysisResult.findings`) by severity.
    public var findings = FindingCounts()
    /// Findings silenced by `// strata:ignore` (not counted in `findings`).
    public var suppressed: Int = 0
    /// Public and open declarations of non-test modules (`accessControl`).
    public var publicDeclarations: Int = 0
    /// Of them, those no other module references: candidates for `internal`.
    public var unusedPublic: Int = 0
    /// Open classes no other module subclasses.
    public var openNotSubclassed: Int = 0

    public init(modules: Int, files: Int, lines: Int, internalEdges: Int, cycles: Int, implicitDependencies: Int, unusedDependencies: Int, warnings: Int) {
        self.modules = modules
        self.files = files
        self.lines = lines
        self.internalEdges = internalEdges
        self.cycles = cycles
        self.implicitDependencies = implicitDependencies
        self.unusedDependencies = unusedDependencies
        self.warnings = warnings
    }
}

/// The one document every reporter renders, and what `--format json` writes.
///
/// `schemaVersion` changes when a key is renamed or removed or its meaning changes;
/// added keys keep the version.
public struct AnalysisResult: Sendable, Codable {
    /// 2: `linkage.blastRadius[].dependents` dropped (quadratic in a long chain); counts stay.
    /// 3: in `strata.json` (`ResultDocument`), every location is `[file, line]`, the file an
    /// index into the document's new `files`, and the document is written without indentation.
    public static let currentSchemaVersion = 3

    public var schemaVersion: Int
    public var generator: String
    public var root: String
    public var summary: Summary
    public var packages: [PackageInfo]
    public var modules: [ModuleEntry]
    public var edges: [ImportEdge]
    public var cycles: [Cycle]
    public var implicitDependencies: [ImplicitDependency]
    public var unusedDependencies: [UnusedDependency]
    public var warnings: [Diagnostic]
    /// Launch loads, duplicated static modules, rebuild blast radius and the build's critical path.
    public var linkage: LinkageImpact = .empty
    /// DI registrations and resolutions, how they match, and the module edges they create.
    public var injection: InjectionReport = .empty
    /// Every import graded by what its file uses of it. Absent in older documents.
    public var imports: ImportReport?
    /// Every rule finding (layers, forbidden imports, stability, cycles, undeclared and unused
    /// dependencies, import attributes), worst first; what `strata check` prints.
    public var findings: [Finding] = []
    /// Findings silenced by `// strata:ignore` comments, each with its reason: listed in every
    /// report so a suppression is never silent.
    public var suppressedFindings: [Finding] = []
    /// Declarations by access level per module, and the public API no other module uses.
    public var accessControl: AccessControlReport = .empty
    /// The layers the report and `strata graph --collapse layers` group modules by: those of
    /// `strata.yml`, else the ones `strata init` would guess. Absent in older documents.
    public var layering: Layering?
    /// The critical path, the rebuild cost of a change to each module and the parallel width,
    /// from source lines or measured seconds (`--build-times`). Absent in older documents.
    public var buildShape: BuildShape?

    public init(
        generator: String, root: String, summary: Summary, packages: [PackageInfo], modules: [ModuleEntry],
        edges: [ImportEdge], cycles: [Cycle], implicitDependencies: [ImplicitDependency],
        unusedDependencies: [UnusedDependency], warnings: [Diagnostic]
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.generator = generator
        self.root = root
        self.summary = summary
        self.packages = packages
        self.modules = modules
        self.edges = edges
        self.cycles = cycles
        self.implicitDependencies = implicitDependencies
        self.unusedDependencies = unusedDependencies
        self.warnings = warnings
    }

    /// Its modules' names by identity, which its relations are written with.
    public var moduleNames: ModuleNames { ModuleNames(modules.map(\.module)) }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, generator, root, summary, packages, modules, edges, cycles, implicitDependencies, unusedDependencies
        case warnings, linkage, injection, imports, findings, suppressedFindings, accessControl, layering, buildShape
    }

    /// Its relations' modules by name: each module's name and identity first, then everything
    /// with those names bound.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        generator = try container.decode(String.self, forKey: .generator)
        root = try container.decode(String.self, forKey: .root)
        summary = try container.decode(Summary.self, forKey: .summary)
        packages = try container.decode([PackageInfo].self, forKey: .packages)
        let names = try ModuleNames(pairs: container.decode([ModuleKey].self, forKey: .modules).map { ($0.id, $0.name) })
        modules = try names.bound { try container.decode([ModuleEntry].self, forKey: .modules) }
        let rest = try names.bound { try Relations(from: decoder) }
        (edges, cycles, implicitDependencies, unusedDependencies) = (rest.edges, rest.cycles, rest.implicitDependencies, rest.unusedDependencies)
        (warnings, linkage, injection, imports, findings) = (rest.warnings, rest.linkage, rest.injection, rest.imports, rest.findings)
        (suppressedFindings, accessControl, layering, buildShape) = (rest.suppressedFindings, rest.accessControl, rest.layering, rest.buildShape)
    }

    /// What names a module: read before the modules, whose `links` and `embeds` name others.
    struct ModuleKey: Decodable {
        var name: String
        var id: ModuleID
    }

    /// What follows `modules` in a result: read with their names bound.
    private struct Relations: Decodable {
        var edges: [ImportEdge]
        var cycles: [Cycle]
        var implicitDependencies: [ImplicitDependency]
        var unusedDependencies: [UnusedDependency]
        var warnings: [Diagnostic]
        var linkage: LinkageImpact
        var injection: InjectionReport
        var imports: ImportReport?
        var findings: [Finding]
        var suppressedFindings: [Finding]
        var accessControl: AccessControlReport
        var layering: Layering?
        var buildShape: BuildShape?
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(generator, forKey: .generator)
        try container.encode(root, forKey: .root)
        try container.encode(summary, forKey: .summary)
        try container.encode(packages, forKey: .packages)
        try moduleNames.bound {
            try container.encode(modules, forKey: .modules)
            try container.encode(edges, forKey: .edges)
            try container.encode(cycles, forKey: .cycles)
            try container.encode(implicitDependencies, forKey: .implicitDependencies)
            try container.encode(unusedDependencies, forKey: .unusedDependencies)
            try container.encode(warnings, forKey: .warnings)
            try container.encode(linkage, forKey: .linkage)
            try container.encode(injection, forKey: .injection)
            try container.encodeIfPresent(imports, forKey: .imports)
            try container.encode(findings, forKey: .findings)
            try container.encode(suppressedFindings, forKey: .suppressedFindings)
            try container.encode(accessControl, forKey: .accessControl)
            try container.encodeIfPresent(layering, forKey: .layering)
            try container.encodeIfPresent(buildShape, forKey: .buildShape)
        }
    }
}

/// Production modules by layer, lowest layer first; each module is in one layer at most
/// (the first whose patterns match it), modules of no layer are in none.
public struct Layering: Hashable, Sendable, Codable {
    public enum Source: String, Hashable, Sendable, Codable {
        /// `layers:` of strata.yml.
        case configuration = "strata.yml"
        /// Guessed from module names and the graph (`strata init`'s guess).
        case inferred
    }

    public struct Layer: Hashable, Sendable, Codable {
        public var name: String
        public var modules: [String]

        public init(name: String, modules: [String]) {
            self.name = name
            self.modules = modules
        }
    }

    public var source: Source
    public var layers: [Layer]

    public init(source: Source, layers: [Layer]) {
        self.source = source
        self.layers = layers
    }
}

/// The version string reporters print; one place so JSON and HTML agree.
public enum StrataVersion {
    public static let current = "0.1.0"
}
