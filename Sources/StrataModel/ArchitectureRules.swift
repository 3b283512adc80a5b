/// The architecture a team declares in `strata.yml`: ordered layers, dependency rules and the
/// severity of each rule. Plain values, so analysis stays a pure function of model and rules.
public struct ArchitectureRules: Hashable, Sendable {
    /// Lowest first: a module may depend on its own layer and on layers listed before it.
    public var layers: [Layer] { didSet { index = LayerIndex(layers) } }
    /// Which layers a plain name is listed in, and which list wildcards: `layer(of:)` without
    /// comparing every pattern (inferred layers list every module by name).
    private var index: LayerIndex
    /// Forbidden and allowed pairs, in file order.
    public var rules: [DependencyRule]
    /// Per rule id: the severity to use instead of the default, or nil to turn the rule off.
    public var severities: [RuleID: Finding.Severity?]

    public init(layers: [Layer] = [], rules: [DependencyRule] = [], severities: [RuleID: Finding.Severity?] = [:]) {
        self.layers = layers
        self.rules = rules
        self.severities = severities
        index = LayerIndex(layers)
    }

    /// The layer a module belongs to: the first whose patterns match its name.
    public func layer(of module: String) -> Layer? {
        // The first layer listing the name itself, unless one before it has a wildcard that matches.
        let listed = index.plain[module]?.first { layers[$0].modules.contains { $0.matches(module) } } ?? layers.count
        let first = index.wildcards.first { $0 < listed && layers[$0].modules.contains { $0.matches(module) } } ?? listed
        return first < layers.count ? layers[first] : nil
    }

    private struct LayerIndex: Hashable, Sendable {
        /// By plain pattern, the layers listing it, in order.
        var plain: [String: [Int]] = [:]
        /// The layers with a wildcard pattern, in order.
        var wildcards: [Int] = []

        init(_ layers: [Layer]) {
            for (index, layer) in layers.enumerated() {
                for pattern in layer.modules {
                    if pattern.isWildcard {
                        if wildcards.last != index { wildcards.append(index) }
                    } else if plain[pattern.text]?.last != index {
                        plain[pattern.text, default: []].append(index)
                    }
                }
            }
        }
    }

    /// The position of a layer in the order (0 = lowest), by name.
    public func rank(of layer: String) -> Int? {
        layers.firstIndex { $0.name == layer }
    }

    /// A named group of modules; the order of layers in the file is the direction of dependencies.
    public struct Layer: Hashable, Sendable {
        public var name: String
        public var modules: [ModulePattern]
        /// Modules (external or internal, by import name) that no module of this layer may import.
        public var forbiddenImports: [ModulePattern]
        /// The line in `strata.yml`, for messages.
        public var line: Int

        public init(name: String, modules: [ModulePattern], forbiddenImports: [ModulePattern] = [], line: Int = 0) {
            self.name = name
            self.modules = modules
            self.forbiddenImports = forbiddenImports
            self.line = line
        }
    }

    /// `forbidden`: no module matching `from` may depend on one matching `to`. `allowed`: an
    /// exception that wins over forbidden rules and over the layer order for the pairs it matches.
    public struct DependencyRule: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable { case forbidden, allowed }

        public var kind: Kind
        /// Module globs or layer names.
        public var from: [ModulePattern]
        /// Module globs or layer names; for forbidden rules also external import names.
        public var to: [ModulePattern]
        /// Nil means the default of `forbidden-dependency`.
        public var severity: Finding.Severity?
        /// Why the rule exists, repeated in findings.
        public var reason: String?
        public var line: Int

        public init(
            kind: Kind, from: [ModulePattern], to: [ModulePattern], severity: Finding.Severity? = nil,
            reason: String? = nil, line: Int = 0
        ) {
            self.kind = kind
            self.from = from
            self.to = to
            self.severity = severity
            self.reason = reason
            self.line = line
        }
    }
}

/// A module name or a glob over module names: `*` matches any run of characters, `?` one.
/// Matching is case-sensitive, like module names.
public struct ModulePattern: Hashable, Sendable, CustomStringConvertible {
    public var text: String

    public init(_ text: String) { self.text = text }

    public var description: String { text }

    /// Whether the pattern has `*` or `?` (else it is a plain name).
    public var isWildcard: Bool { text.unicodeScalars.contains { $0 == "*" || $0 == "?" } }

    public func matches(_ name: String) -> Bool {
        // Most patterns are plain names (inferred layers list every module): compared as they
        // are, without the arrays a wildcard needs.
        guard isWildcard else { return text.unicodeScalars.elementsEqual(name.unicodeScalars) }
        return Wildcard.matches(Array(text.unicodeScalars), Array(name.unicodeScalars), star: "*", single: "?")
    }
}
