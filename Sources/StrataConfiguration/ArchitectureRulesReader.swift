import StrataModel
import Yams

/// Reads the `layers:`, `rules:` and `severity:` sections of `strata.yml` into
/// `ArchitectureRules`, straight from the YAML nodes so every error names its line and column.
///
/// ```yaml
/// layers:                          # lowest first
///   - name: core
///     modules: ["*Core"]
///   - name: domain
///     modules: ["*Domain", Entities]
///     forbiddenImports: [UIKit, SwiftUI, Swinject]
/// rules:
///   - forbidden: {from: presentation, to: data}
///     severity: error
///     reason: presentation reaches data through domain protocols
///   - allowed: {from: "*Feature", to: "*Interface"}
/// severity:                        # per rule id: error, warn, info or off
///   stable-dependencies: info
/// ```
struct ArchitectureRulesReader {
    var file: String

    static let layerKeys = ["name", "modules", "forbiddenImports"]
    static let ruleKeys = ["forbidden", "allowed", "severity", "reason"]
    static let pairKeys = ["from", "to"]

    func read(_ mapping: Node.Mapping) throws(Configuration.Invalid) -> ArchitectureRules {
        var result = ArchitectureRules()
        if let node = mapping["layers"] { result.layers = try layers(node) }
        if let node = mapping["rules"] { result.rules = try rules(node) }
        if let node = mapping["severity"] { result.severities = try severities(node) }
        return result
    }

    private func layers(_ node: Node) throws(Configuration.Invalid) -> [ArchitectureRules.Layer] {
        guard let sequence = node.sequence else { throw invalid(node, "'layers' should be a list of layers, lowest first") }
        var layers: [ArchitectureRules.Layer] = []
        for entry in sequence {
            guard let fields = entry.mapping else {
                throw invalid(entry, "a layer should be a mapping with 'name' and 'modules'")
            }
            try rejectUnknownKeys(fields, known: Self.layerKeys, what: "layer setting")
            guard let nameNode = fields["name"] else { throw invalid(entry, "a layer needs a 'name'") }
            let name = try string(nameNode, "a layer's 'name'")
            if layers.contains(where: { $0.name == name }) { throw invalid(nameNode, "layer '\(name)' is declared twice") }
            guard let modulesNode = fields["modules"] else { throw invalid(entry, "layer '\(name)' needs 'modules' (module names or globs)") }
            let modules = try patterns(modulesNode, "'modules' of layer '\(name)'")
            let forbidden = try fields["forbiddenImports"].map { node throws(Configuration.Invalid) in
                try patterns(node, "'forbiddenImports' of layer '\(name)'")
            } ?? []
            layers.append(.init(name: name, modules: modules, forbiddenImports: forbidden, line: entry.mark?.line ?? 0))
        }
        return layers
    }

    private func rules(_ node: Node) throws(Configuration.Invalid) -> [ArchitectureRules.DependencyRule] {
        guard let sequence = node.sequence else { throw invalid(node, "'rules' should be a list of forbidden or allowed pairs") }
        var rules: [ArchitectureRules.DependencyRule] = []
        for entry in sequence {
            guard let fields = entry.mapping else {
                throw invalid(entry, "a rule should be a mapping with 'forbidden' or 'allowed'")
            }
            try rejectUnknownKeys(fields, known: Self.ruleKeys, what: "rule setting")
            let kinds: [ArchitectureRules.DependencyRule.Kind] = [.forbidden, .allowed].filter { fields[$0.rawValue] != nil }
            guard kinds.count == 1, let kind = kinds.first, let pairNode = fields[kind.rawValue] else {
                throw invalid(entry, "a rule needs exactly one of 'forbidden' or 'allowed'")
            }
            guard let pair = pairNode.mapping else { throw invalid(pairNode, "'\(kind.rawValue)' should be a mapping with 'from' and 'to'") }
            try rejectUnknownKeys(pair, known: Self.pairKeys, what: "\(kind.rawValue) setting")
            guard let fromNode = pair["from"], let toNode = pair["to"] else {
                throw invalid(pairNode, "'\(kind.rawValue)' needs both 'from' and 'to'")
            }
            var severity: Finding.Severity?
            if let node = fields["severity"] {
                guard let value = try self.severity(node) else { throw invalid(node, "a rule's severity is error, warn or info") }
                severity = value
            }
            rules.append(.init(
                kind: kind, from: try patterns(fromNode, "'from'"), to: try patterns(toNode, "'to'"), severity: severity,
                reason: try fields["reason"].map { node throws(Configuration.Invalid) in try string(node, "'reason'") },
                line: entry.mark?.line ?? 0))
        }
        return rules
    }

    private func severities(_ node: Node) throws(Configuration.Invalid) -> [RuleID: Finding.Severity?] {
        guard let mapping = node.mapping else { throw invalid(node, "'severity' should map rule ids to error, warn, info or off") }
        try rejectUnknownKeys(mapping, known: RuleID.allCases.map(\.rawValue), what: "rule id")
        var result: [RuleID: Finding.Severity?] = [:]
        for (key, value) in mapping {
            guard let rule = key.string.flatMap(RuleID.init(rawValue:)) else { continue }
            result[rule] = .some(try severity(value))
        }
        return result
    }

    /// error, warn (or warning), info, or off (nil).
    private func severity(_ node: Node) throws(Configuration.Invalid) -> Finding.Severity? {
        let text = try string(node, "a severity")
        switch text {
        case "off": return nil
        case "warning": return .warn
        default:
            guard let severity = Finding.Severity(rawValue: text) else {
                throw invalid(node, "severity '\(text)' is not one of error, warn, info, off")
            }
            return severity
        }
    }

    /// A string or a list of strings.
    private func patterns(_ node: Node, _ what: String) throws(Configuration.Invalid) -> [ModulePattern] {
        if let sequence = node.sequence {
            var result: [ModulePattern] = []
            for item in sequence { result.append(ModulePattern(try string(item, what))) }
            guard !result.isEmpty else { throw invalid(node, "\(what) should not be empty") }
            return result
        }
        return [ModulePattern(try string(node, what))]
    }

    func string(_ node: Node, _ what: String) throws(Configuration.Invalid) -> String {
        guard let scalar = node.scalar, !scalar.string.isEmpty else { throw invalid(node, "\(what) should be a non-empty string") }
        return scalar.string
    }

    func rejectUnknownKeys(_ mapping: Node.Mapping, known: [String], what: String) throws(Configuration.Invalid) {
        try Configuration.rejectUnknownKeys(mapping, known: known, what: what, file: file)
    }

    func invalid(_ node: Node, _ reason: String) -> Configuration.Invalid {
        Configuration.Invalid(file: file, at: node, reason: reason)
    }
}
