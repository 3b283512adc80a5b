import Foundation
import StrataModel
import Yams

/// `strata.yml`: what a user tells Strata about a repository.
///
/// ```yaml
/// exclude:            # globs relative to the repository root, never read
///   - Samples/**
///   - "**/Generated"
/// modules:            # corrections when discovery guesses wrong
///   - name: Networking          # the module's name in reports
///     module: NetKit            # the discovered module to change (default: name)
///     path: Shared/Networking   # its folder: every Swift file under it belongs to it
///     kind: library
///     linkage: static
/// layers:             # lowest first; see ArchitectureRulesReader for the whole format
///   - name: domain
///     modules: ["*Domain"]
///     forbiddenImports: [UIKit]
/// rules:
///   - forbidden: {from: presentation, to: data}
/// severity:
///   stable-dependencies: info
/// ```
public struct Configuration: Sendable, Equatable, Decodable {
    public var exclude: [String]
    public var modules: [ModuleOverride]
    /// `layers:`, `rules:` and `severity:`: the architecture `strata check` enforces.
    public var rules: ArchitectureRules
    /// `injection:`: the team's own registration and resolution calls and property wrappers.
    public var injection: InjectionVocabulary
    /// `build:`: what `#if` around imports is decided for.
    public var build = Build()

    /// `build: {platforms: [iOS], conditions: [STAGING]}`: the platforms every module is built
    /// for (instead of what the manifests say) and custom `-D` conditions besides `DEBUG`.
    public struct Build: Sendable, Hashable, Decodable {
        public static let knownPlatforms = ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "Linux", "Windows", "Android"]
        public var platforms: [String]?
        public var conditions: [String] = []

        public init(platforms: [String]? = nil, conditions: [String] = []) {
            self.platforms = platforms
            self.conditions = conditions
        }

        private enum Keys: String, CodingKey { case platforms, conditions }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            platforms = try container.decodeIfPresent([String].self, forKey: .platforms)
            conditions = try container.decodeIfPresent([String].self, forKey: .conditions) ?? []
            for platform in platforms ?? [] where !Self.knownPlatforms.contains(platform) {
                throw DecodingError.dataCorruptedError(
                    forKey: .platforms, in: container,
                    debugDescription: "unknown platform '\(platform)'; expected \(Self.knownPlatforms.joined(separator: ", "))")
            }
        }
    }

    public init(
        exclude: [String] = [], modules: [ModuleOverride] = [], rules: ArchitectureRules = ArchitectureRules(),
        injection: InjectionVocabulary = InjectionVocabulary()
    ) {
        self.exclude = exclude
        self.modules = modules
        self.rules = rules
        self.injection = injection
    }

    private enum Keys: String, CodingKey, CaseIterable { case exclude, modules, build }
    /// Sections read from the YAML nodes by `ArchitectureRulesReader` rather than decoded.
    private static let ruleKeys = ["layers", "rules", "severity", "injection"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
        modules = try container.decodeIfPresent([ModuleOverride].self, forKey: .modules) ?? []
        build = try container.decodeIfPresent(Build.self, forKey: .build) ?? Build()
        rules = ArchitectureRules()
        injection = InjectionVocabulary()
    }

    /// A correction of discovery: rename a module, give it a folder (or make a new module of
    /// a folder), set its kind or its linkage.
    public struct ModuleOverride: Sendable, Equatable, Decodable {
        /// The module's name in reports.
        public var name: String
        /// The discovered module this entry changes; nil means the module called `name`, or a
        /// new module when `path` is given and no module has that name.
        public var module: String?
        /// A folder relative to the root: its Swift files move to this module.
        public var path: String?
        public var kind: ModuleKind?
        public var linkage: Linkage.Kind?
        /// The entry's line in the file, for evidence.
        public var line: Int = 0

        public init(name: String, module: String? = nil, path: String? = nil, kind: ModuleKind? = nil, linkage: Linkage.Kind? = nil, line: Int = 0) {
            self.name = name
            self.module = module
            self.path = path
            self.kind = kind
            self.linkage = linkage
            self.line = line
        }

        enum Keys: String, CodingKey, CaseIterable { case name, module, path, kind, linkage }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            module = try container.decodeIfPresent(String.self, forKey: .module)
            path = try container.decodeIfPresent(String.self, forKey: .path)
            if let text = try container.decodeIfPresent(String.self, forKey: .kind) {
                guard let kind = ModuleKind(rawValue: text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .kind, in: container,
                        debugDescription: "kind '\(text)' is not one of \(ModuleKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                self.kind = kind
            }
            if let text = try container.decodeIfPresent(String.self, forKey: .linkage) {
                guard let linkage = Linkage.Kind(rawValue: text), linkage != .unknown else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .linkage, in: container, debugDescription: "linkage '\(text)' is not one of static, dynamic, executable")
                }
                self.linkage = linkage
            }
        }
    }

    /// The default file name, looked up at the repository root.
    public static let fileName = "strata.yml"

    /// A config file that cannot be used, with the position of the problem where known.
    public struct Invalid: Error, CustomStringConvertible {
        public var file: String
        public var line: Int?
        public var column: Int?
        public var reason: String

        public init(file: String, line: Int? = nil, column: Int? = nil, reason: String) {
            self.file = file
            self.line = line
            self.column = column
            self.reason = reason
        }

        public var description: String {
            var place = file
            if let line { place += ":\(line)" }
            if let column { place += ":\(column)" }
            return "\(place): \(reason)"
        }
    }

    /// Parses YAML text; `file` only names it in errors.
    public static func parse(_ text: String, file: String) throws(Invalid) -> Configuration {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.invalid(error, file: file)
        } catch {
            throw Invalid(file: file, reason: "\(error)")
        }
        guard let node else { return Configuration() }
        guard let mapping = node.mapping else {
            throw Invalid(file: file, at: node, reason: "expected a mapping of settings at the top level")
        }
        try Self.rejectUnknownKeys(mapping, known: Keys.allCases.map(\.rawValue) + ruleKeys, what: "setting", file: file)
        for entry in mapping["modules"]?.sequence ?? [] {
            guard let fields = entry.mapping else {
                throw Invalid(file: file, at: entry, reason: "a module entry should be a mapping with at least 'name'")
            }
            try Self.rejectUnknownKeys(fields, known: ModuleOverride.Keys.allCases.map(\.rawValue), what: "module setting", file: file)
        }
        let reader = ArchitectureRulesReader(file: file)
        let rules = try reader.read(mapping)
        let injection = try mapping["injection"].map { node throws(Invalid) in try reader.injection(node) } ?? InjectionVocabulary()
        do {
            var configuration = try YAMLDecoder().decode(Configuration.self, from: node)
            for (index, entry) in (mapping["modules"]?.sequence ?? []).enumerated() where index < configuration.modules.count {
                configuration.modules[index].line = entry.mark?.line ?? 0
            }
            configuration.rules = rules
            configuration.injection = injection
            return configuration
        } catch let error as DecodingError {
            let path = Self.codingPath(error)
            let mark = Self.node(at: path, in: node)?.mark
            throw Invalid(file: file, line: mark?.line, column: mark?.column, reason: Self.reason(error))
        } catch {
            throw Invalid(file: file, reason: "\(error)")
        }
    }

    /// Every key of `mapping` must be one of `known`; the first that is not is the error.
    static func rejectUnknownKeys(_ mapping: Node.Mapping, known: [String], what: String, file: String) throws(Invalid) {
        for key in mapping.keys {
            guard let name = key.string, known.contains(name) else {
                throw Invalid(
                    file: file, at: key,
                    reason: "unknown \(what) '\(key.string ?? "?")' (known: \(known.sorted().joined(separator: ", ")))")
            }
        }
    }

    /// Reads `path`; a missing file is the empty configuration only when `required` is false.
    public static func load(path: String, required: Bool) throws(Invalid) -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            if required || FileManager.default.fileExists(atPath: path) {
                throw Invalid(file: path, reason: "cannot be read")
            }
            return Configuration()
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Invalid(file: path, reason: "is not valid UTF-8")
        }
        return try parse(text, file: path)
    }

    private static func invalid(_ error: YamlError, file: String) -> Invalid {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let reason = [context.map { "\($0.text)" }, problem].compactMap { $0 }.joined(separator: ": ")
            return Invalid(file: file, line: mark.line, column: mark.column, reason: "invalid YAML: \(reason)")
        case .reader(let problem, _, _, _):
            return Invalid(file: file, reason: "invalid YAML: \(problem)")
        default:
            return Invalid(file: file, reason: "invalid YAML: \(error)")
        }
    }

    private static func codingPath(_ error: DecodingError) -> [any CodingKey] {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath
        @unknown default:
            []
        }
    }

    private static func reason(_ error: DecodingError) -> String {
        let path = codingPath(error).map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        switch error {
        case .typeMismatch(let type, _): return "'\(path)' should be \(type == [String].self ? "a list of strings" : "a \(type)")"
        case .valueNotFound(_, _): return "'\(path)' has no value"
        case .keyNotFound(let key, _): return "'\(key.stringValue)' is missing"
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return "\(error)"
        }
    }

    private static func node(at path: [any CodingKey], in root: Node) -> Node? {
        var current = root
        for key in path {
            if let index = key.intValue, let sequence = current.sequence, index < sequence.count {
                current = sequence[index]
            } else if let next = current.mapping?[key.stringValue] {
                current = next
            } else {
                break
            }
        }
        return current
    }
}

extension Configuration.Invalid {
    /// The problem at a YAML node's position.
    init(file: String, at node: Node, reason: String) {
        self.init(file: file, line: node.mark?.line, column: node.mark?.column, reason: reason)
    }
}
