/// What a rule is: its id, a one-line name, the rationale a user reads before deciding to fix,
/// suppress or lower a finding, its default severity, and two small repositories, one that
/// triggers it and one that does not. Each rule's is in its file in `StrataAnalysis/Rules`.
/// The rule tests analyze both examples; SARIF's `tool.driver.rules`, the Markdown summary,
/// `strata init`'s comments, `strata rules` and the HTML report's help read the rest.
public struct RuleDefinition: Sendable {
    public var id: RuleID
    /// A one-line name, as SARIF's `name` and a table heading show it.
    public var title: String
    /// Why the rule exists and what to do about a finding.
    public var rationale: String
    /// The severity when `strata.yml` does not set one; nil for rules that are off by default.
    public var defaultSeverity: Finding.Severity?
    /// A repository with exactly one finding of this rule.
    public var triggers: RuleExample
    /// The same repository, changed so the rule has nothing to say.
    public var passes: RuleExample

    public init(
        id: RuleID, title: String, rationale: String, defaultSeverity: Finding.Severity?, triggers: RuleExample,
        passes: RuleExample
    ) {
        self.id = id
        self.title = title
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.triggers = triggers
        self.passes = passes
    }
}

/// A small Swift package as a rule example: a `strata.yml`, targets with one source file each,
/// and what else its manifest needs. `files` writes it out.
public struct RuleExample: Sendable {
    public struct Target: Sendable {
        /// `target`, `executableTarget` or `testTarget`.
        public var kind: String
        public var name: String
        /// Manifest dependency expressions; a plain name is written as a quoted string.
        public var dependencies: [String]
        public var source: String

        public static func library(_ name: String, _ dependencies: [String] = [], _ source: String) -> Target {
            Target(kind: "target", name: name, dependencies: dependencies, source: source)
        }
        public static func executable(_ name: String, _ dependencies: [String] = [], _ source: String) -> Target {
            Target(kind: "executableTarget", name: name, dependencies: dependencies, source: source)
        }
        public static func test(_ name: String, _ dependencies: [String] = [], _ source: String) -> Target {
            Target(kind: "testTarget", name: name, dependencies: dependencies, source: source)
        }
    }

    public var configuration: String?
    public var targets: [Target]
    /// Extra manifest lines: `products:` and `dependencies:` entries, written before `targets:`.
    public var manifest: String?

    public init(_ configuration: String, manifest: String? = nil, _ targets: Target...) {
        self.configuration = configuration
        self.targets = targets
        self.manifest = manifest
    }

    public init(manifest: String? = nil, _ targets: Target...) {
        self.targets = targets
        self.manifest = manifest
    }

    /// The repository, path and text, in a stable order.
    public var files: [(path: String, text: String)] {
        let declared = targets.map { target in
            let dependencies = target.dependencies.map { $0.hasPrefix(".") ? $0 : "\"\($0)\"" }.joined(separator: ", ")
            return "        .\(target.kind)(name: \"\(target.name)\"\(dependencies.isEmpty ? "" : ", dependencies: [\(dependencies)]")),"
        }
        let package = ["// swift-tools-version:6.0", "import PackageDescription", "", "let package = Package(", "    name: \"Example\","]
            + (manifest.map { [$0] } ?? []) + ["    targets: ["] + declared + ["    ]", ")", ""]
        var files = [(path: "Package.swift", text: package.joined(separator: "\n"))]
        if let configuration { files.append((path: "strata.yml", text: configuration)) }
        for target in targets {
            let folder = target.kind == "testTarget" ? "Tests" : "Sources"
            files.append((path: "\(folder)/\(target.name)/\(target.name).swift", text: target.source + "\n"))
        }
        return files
    }
}
