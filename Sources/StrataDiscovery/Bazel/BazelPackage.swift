import StrataModel
import StrataStarlark

/// One evaluated BUILD file: the package it makes, the rules it called, and its text, in
/// which dependency labels are looked up for their lines.
struct BazelPackage {
    /// The package's folder, relative to the workspace's ("" for the root package).
    var name: String
    /// The BUILD file, from the repository's root.
    var buildFile: String
    var rules: [StarlarkRuleCall]
    var diagnostics: [Diagnostic]
    /// The BUILD file's lines, for evidence.
    var lines: [Substring]

    /// The line of the BUILD file, from `start` up to (not including) `end`, that quotes `text`
    /// (`"//Modules/Core"`); nil when none does (a label a macro made).
    func line(quoting text: String, from start: Int, before end: Int) -> Int? {
        guard start >= 1 else { return nil }
        let quoted = ["\"" + text + "\"", "'" + text + "'"]
        var number = start
        while number < end, number <= lines.count {
            let line = lines[number - 1]
            if quoted.contains(where: { line.contains($0) }) { return number }
            number += 1
        }
        return nil
    }

    /// The line after the rule call at `index` where the next call of the BUILD file starts
    /// (calls a macro makes share one line), or past the file's end.
    func end(ofCallAt index: Int) -> Int {
        let start = rules[index].location.line
        return rules[(index + 1)...].lazy.map(\.location.line).first { $0 > start } ?? lines.count + 1
    }
}

/// Every rule of a workspace by label, so that a label says what it names: a module, a
/// prebuilt framework, something that is no module (a filegroup, a resource bundle), or
/// nothing Strata evaluated.
struct BazelIndex {
    struct Key: Hashable {
        var package: String
        var name: String
    }

    /// Each rule's kind (`swift_library`), by package and name.
    private var kinds: [Key: String] = [:]
    /// What each `alias` stands for.
    private var aliases: [Key: StarlarkLabel] = [:]
    /// Each rule's `module_name`, when it writes one (a module map's, for the library using it).
    private var moduleNames: [Key: String] = [:]

    init(_ packages: [BazelPackage]) {
        for package in packages {
            for rule in package.rules {
                guard let name = rule.name else { continue }
                let key = Key(package: package.name, name: name)
                kinds[key] = rule.kind
                if let moduleName = rule["module_name"]?.flattened.string, !moduleName.isEmpty { moduleNames[key] = moduleName }
                if rule.kind == "alias", let actual = Self.label(rule["actual"]?.flattened, package: package.name) {
                    aliases[key] = actual
                }
            }
        }
    }

    /// The label with its aliases followed (a few steps: a cycle of aliases stops).
    func resolving(_ label: StarlarkLabel) -> StarlarkLabel {
        var current = label
        for _ in 0..<8 {
            guard current.repository.isEmpty, let next = aliases[Key(package: current.package, name: current.name)] else { break }
            current = next
        }
        return current
    }

    /// The kind of the rule a label of the main repository names; nil when none was evaluated.
    func kind(of label: StarlarkLabel) -> String? {
        label.repository.isEmpty ? kinds[Key(package: label.package, name: label.name)] : nil
    }

    /// The `module_name` of the rule a label of the main repository names.
    func moduleName(of label: StarlarkLabel) -> String? {
        label.repository.isEmpty ? moduleNames[Key(package: label.package, name: label.name)] : nil
    }

    /// A label value as a rule attribute holds it: a string relative to `package`, or a `Label`.
    static func label(_ value: StarlarkValue?, package: String) -> StarlarkLabel? {
        switch value {
        case .string(let text)?: StarlarkLabel(parsing: text, package: package)
        case .label(let label)?: label
        default: nil
        }
    }
}
