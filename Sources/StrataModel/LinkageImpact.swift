/// What the repository's static/dynamic linking costs: launch time, duplicated code and
/// state, and how far a change to a module reaches in the build.
public struct LinkageImpact: Hashable, Sendable, Codable {
    /// One entry per app and example app, by name.
    public var launchLoads: [LaunchLoad]
    /// Static modules whose code is copied into two or more images, by module name.
    public var duplicatedStaticModules: [DuplicatedStaticModule]
    /// One entry per non-test module, by module name.
    public var blastRadius: [BlastRadius]
    /// The longest chain of modules that must build one after another.
    public var criticalPath: CriticalPath

    public init(
        launchLoads: [LaunchLoad], duplicatedStaticModules: [DuplicatedStaticModule], blastRadius: [BlastRadius],
        criticalPath: CriticalPath
    ) {
        self.launchLoads = launchLoads
        self.duplicatedStaticModules = duplicatedStaticModules
        self.blastRadius = blastRadius
        self.criticalPath = criticalPath
    }

    /// Nothing found, for a result made before linkage was analyzed.
    public static let empty = LinkageImpact(
        launchLoads: [], duplicatedStaticModules: [], blastRadius: [], criticalPath: CriticalPath(modules: [], lines: 0))
}

/// The dynamic frameworks an app bundles, each of which dyld loads before the app's first
/// line runs: every one adds launch time.
public struct LaunchLoad: Hashable, Sendable, Codable {
    /// The app or example app.
    public var app: String
    /// Dynamic frameworks it reaches through any chain of dependencies, sorted.
    public var frameworks: [String]
    /// How many: the number the report ranks apps by.
    public var count: Int

    public init(app: String, frameworks: [String]) {
        self.app = app
        self.frameworks = frameworks
        count = frameworks.count
    }
}

/// A static module whose code is copied into several images (dynamic frameworks, apps,
/// executables; test bundles do not count, copying into them is normal). Each image gets its
/// own copy of the module's types and globals.
public struct DuplicatedStaticModule: Hashable, Sendable, Codable {
    /// The static module.
    public var module: String
    /// The images that carry a copy, sorted.
    public var images: [String]
    /// The manifest line that makes the module static, when one does.
    public var evidence: Location?
    /// True when the module holds a DI container or a shared instance: each copy has its own,
    /// so state set through one image is missing in the others.
    public var critical: Bool
    /// The shared state that makes it critical.
    public var singletons: [Singleton]
    /// Why it matters, in a sentence.
    public var reason: String

    public init(module: String, images: [String], evidence: Location?, critical: Bool, singletons: [Singleton], reason: String) {
        self.module = module
        self.images = images
        self.evidence = evidence
        self.critical = critical
        self.singletons = singletons
        self.reason = reason
    }
}

/// The modules that have to rebuild when one module changes: everything that depends on it,
/// directly or not.
public struct BlastRadius: Hashable, Sendable, Codable {
    /// The module that changes.
    public var module: String
    /// How many modules rebuild: its transitive dependents among the non-test modules. The
    /// list itself is not stored (it is quadratic in a long chain); the report computes it
    /// from `edges` for the modules it shows.
    public var count: Int
    /// The dependents' lines summed: a proxy for the rebuild's cost.
    public var lines: Int

    public init(module: String, count: Int, lines: Int) {
        self.module = module
        self.count = count
        self.lines = lines
    }
}

/// The longest dependency chain weighted by lines: modules that cannot build in parallel,
/// so the chain bounds a clean build's time however many cores there are.
public struct CriticalPath: Hashable, Sendable, Codable {
    /// In build order: each module depends on the one before it. Modules of a cycle build as one
    /// step and appear together, sorted.
    public var modules: [String]
    /// The chain's lines summed.
    public var lines: Int

    public init(modules: [String], lines: Int) {
        self.modules = modules
        self.lines = lines
    }
}
