/// How the production modules build: the chain that bounds a clean build however many cores
/// there are, what a change to each module costs, and how many modules can build at once.
/// Costs are estimates from source lines, or seconds measured per module (`--build-times`).
public struct BuildShape: Hashable, Sendable, Codable {
    public enum Unit: String, Hashable, Sendable, Codable {
        /// Each module's Swift lines: an estimate.
        case lines
        /// Measured build seconds per module.
        case seconds
    }

    /// One module's place in the build.
    public struct Module: Hashable, Sendable, Codable {
        public var module: String
        /// Its own cost: lines, or seconds.
        public var cost: Double
        /// Its cost plus that of every module depending on it, directly or not: what a change
        /// to it rebuilds.
        public var rebuildCost: Double
        /// How many modules depend on it, directly or not.
        public var dependents: Int
        /// The longest chain of dependencies below it, in modules (0: it depends on none);
        /// the modules of a cycle share one.
        public var depth: Int

        public init(module: String, cost: Double, rebuildCost: Double, dependents: Int, depth: Int) {
            self.module = module
            self.cost = cost
            self.rebuildCost = rebuildCost
            self.dependents = dependents
            self.depth = depth
        }
    }

    public var unit: Unit
    /// The costliest chain, in build order: each module depends on the one before it; a
    /// cycle's modules build as one step and appear together, sorted.
    public var criticalPath: [String]
    public var criticalCost: Double
    /// Every production module's cost summed: a build on one core.
    public var totalCost: Double
    /// By module name.
    public var modules: [Module]
    /// Modules per depth, depth 0 first: how many can build at once at each step.
    public var widths: [Int]
    /// On the critical path and costly to change (a change rebuilds at least a quarter of the
    /// total cost), costliest first: where splitting a module pays most.
    public var hot: [String]
    /// With measured seconds: the modules the file had no time for (counted as 0), sorted.
    public var unmeasured: [String]?

    public init(
        unit: Unit, criticalPath: [String], criticalCost: Double, totalCost: Double, modules: [Module], widths: [Int], hot: [String],
        unmeasured: [String]? = nil
    ) {
        self.unit = unit
        self.criticalPath = criticalPath
        self.criticalCost = criticalCost
        self.totalCost = totalCost
        self.modules = modules
        self.widths = widths
        self.hot = hot
        self.unmeasured = unmeasured
    }

    /// The most modules that can build at once.
    public var maximumWidth: Int { widths.max() ?? 0 }

    public static let empty = BuildShape(unit: .lines, criticalPath: [], criticalCost: 0, totalCost: 0, modules: [], widths: [], hot: [])
}
