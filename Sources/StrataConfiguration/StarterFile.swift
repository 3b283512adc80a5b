import StrataModel

/// The text of the `strata.yml` that `strata init` writes: inferred layers, the severities
/// lowered so the file passes `strata check` today, and today's findings as comments, so a
/// team starts from a green check and a to-do list.
public enum StarterFile {
    /// At most this many findings are listed; the rest are counted.
    static let listedFindings = 100

    /// - Parameters:
    ///   - rules: the inferred layers, with `severities` already lowered where needed.
    ///   - lowered: rule ids whose default severity was lowered, with the number of findings each.
    ///   - findings: the findings the file gives today (after lowering), listed as comments.
    public static func render(
        rules: ArchitectureRules, exclude: [String], modules: [Configuration.ModuleOverride], lowered: [RuleID: Int],
        findings: [Finding], injection: InjectionVocabulary = InjectionVocabulary(), catalog: [RuleDefinition]
    ) -> String {
        var lines = [
            "# strata.yml, written by `strata init` from the modules and imports found here. Edit it:",
            "# it is the architecture `strata check` enforces (exit 1 on error-severity findings).",
        ]
        if !exclude.isEmpty {
            lines += ["", "exclude:"] + exclude.map { "  - \(quoted($0))" }
        }
        if !modules.isEmpty { lines += render(modules) }
        lines += [
            "",
            "# Layers, lowest first. A module may depend on its own layer and on the layers listed",
            "# before it; depending on a later layer is a layer-violation. Names are exact; globs",
            "# such as \"*Domain\" also cover modules added later. Test modules have no layer.",
            "# forbiddenImports: modules (Apple, third-party or internal) no module of the layer may import.",
        ]
        lines += render(rules.layers)
        lines += [
            "",
            "# Rules between modules or layers (globs or layer names); `allowed` wins over `forbidden`",
            "# and over the layer order. For example:",
            "# rules:",
            "#   - forbidden: {from: presentation, to: data}",
            "#     severity: error",
            "#     reason: presentation reaches data through domain protocols",
            "#   - allowed: {from: \"*Feature\", to: \"*Interface\"}",
            "",
            "# Your own DI container's calls and property wrappers, for the dependency-injection",
            "# analysis (Swinject-style register/resolve, Factory and swift-dependencies need nothing).",
        ]
        lines += injection == InjectionVocabulary() ? [
            "# injection:",
            "#   register:",
            "#     - call: regist(injectType:)   # name and labels",
            "#       key: injectId               # the registered type's member naming its key",
            "#   resolve:",
            "#     - call: load(for:)",
            "#   wrappers: [Injectable]",
        ] : render(injection)
        lines += severities(rules.severities, lowered: lowered, catalog: catalog)
        lines += currentFindings(findings)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `layers:` section.
    static func render(_ layers: [ArchitectureRules.Layer]) -> [String] {
        guard !layers.isEmpty else { return ["layers: []"] }
        var lines = ["layers:"]
        for layer in layers {
            lines.append("  - name: \(quoted(layer.name))")
            lines.append("    modules: [\(layer.modules.map { quoted($0.text) }.joined(separator: ", "))]")
            if !layer.forbiddenImports.isEmpty {
                lines.append("    forbiddenImports: [\(layer.forbiddenImports.map { quoted($0.text) }.joined(separator: ", "))]")
            }
        }
        return lines
    }

    /// Today's warnings and errors as comments, at most `listedFindings` of them.
    static func currentFindings(_ findings: [Finding]) -> [String] {
        let listed = findings.filter { $0.severity != .info }
        guard !listed.isEmpty else { return [] }
        var lines = ["", "# Current findings (\(listed.count)):"]
        for finding in listed.prefix(listedFindings) {
            let place = finding.evidence.first.map { "\($0): " } ?? ""
            lines.append("#   \(place)\(finding.severity.rawValue): \(oneLine(finding.message)) [\(finding.rule)]")
        }
        if listed.count > listedFindings { lines.append("#   ... and \(listed.count - listedFindings) more (run `strata check`)") }
        return lines
    }

    /// The `modules:` overrides of an existing configuration, kept.
    static func render(_ modules: [Configuration.ModuleOverride]) -> [String] {
        var lines = ["", "modules:"]
        for module in modules {
            lines.append("  - name: \(quoted(module.name))")
            if let name = module.module { lines.append("    module: \(quoted(name))") }
            if let path = module.path { lines.append("    path: \(quoted(path))") }
            if let kind = module.kind { lines.append("    kind: \(kind.rawValue)") }
            if let linkage = module.linkage { lines.append("    linkage: \(linkage.rawValue)") }
        }
        return lines
    }

    /// Every rule's default severity as a comment, then the `severity:` section of the
    /// severities set (lowered ones say so).
    static func severities(_ set: [RuleID: Finding.Severity?], lowered: [RuleID: Int], catalog: [RuleDefinition]) -> [String] {
        let width = catalog.map { $0.id.rawValue.count + ($0.defaultSeverity?.rawValue ?? "off").count }.max()! + 2
        var lines = ["", "# Severity per rule id: error, warn, info or off (`strata rules` explains each). Defaults:"]
        lines += catalog.sorted { $0.id < $1.id }.map { rule in
            let entry = "\(rule.id): \(rule.defaultSeverity?.rawValue ?? "off")"
            return "#   " + entry.padding(toLength: width + 1, withPad: " ", startingAt: 0) + " " + rule.title
        }
        guard !set.isEmpty else { return lines }
        lines.append("severity:")
        for id in set.keys.sorted() {
            let value = set[id]!.map(\.rawValue) ?? "off"
            let note = lowered[id].map { "  # lowered from error: \($0) current finding\($0 == 1 ? "" : "s"); raise once fixed" } ?? ""
            lines.append("  \(id): \(value)\(note)")
        }
        return lines
    }

    /// An existing `injection:` section, kept as it was configured.
    static func render(_ injection: InjectionVocabulary) -> [String] {
        var lines = ["injection:"]
        for (section, calls) in [("register", injection.registrations), ("resolve", injection.resolutions)] where !calls.isEmpty {
            lines.append("  \(section):")
            for call in calls {
                lines.append("    - call: \(quoted(call.signature))")
                if let key = call.key { lines.append("      key: \(quoted(key))") }
            }
        }
        if !injection.wrappers.isEmpty {
            lines.append("  wrappers: [\(injection.wrappers.map(quoted).joined(separator: ", "))]")
        }
        return lines
    }

    /// A double-quoted YAML scalar: safe for globs (`*` starts an alias) and any name.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n", "\r", "\t": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
