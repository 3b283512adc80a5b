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
        let needle = Array(text.utf8)
        var number = start
        while number < end, number <= lines.count {
            if Self.quotes(lines[number - 1].utf8, needle) { return number }
            number += 1
        }
        return nil
    }

    /// Whether `line` holds `needle` between two of the same quotes (`"…"` or `'…'`): bytes
    /// compared, as a label is (a BUILD file has thousands of them to place).
    private static func quotes(_ line: Substring.UTF8View, _ needle: [UInt8]) -> Bool {
        line.withContiguousStorageIfAvailable { quotes($0, needle) } ?? quotes(Array(line), needle)
    }

    private static func quotes<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ needle: [UInt8]) -> Bool where Bytes.Index == Int {
        guard !needle.isEmpty, bytes.count >= needle.count + 2 else { return false }
        let double = UInt8(ascii: "\""), single = UInt8(ascii: "'")
        for open in 0..<(bytes.count - needle.count - 1) where bytes[open] == double || bytes[open] == single {
            let close = open + needle.count + 1
            guard bytes[close] == bytes[open] else { continue }
            if bytes[(open + 1)..<close].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The line after the rule call at `index` where the next call of the BUILD file starts
    /// (calls a macro makes share one line), or past the file's end.
    func end(ofCallAt index: Int) -> Int {
        let start = rules[index].location.line
        return rules[(index + 1)...].lazy.map(\.location.line).first { $0 > start } ?? lines.count + 1
    }
}

/// Every rule of a workspace by label, so that a label says what it names: a module, a
/// prebuilt framework, a rule that forwards to others (an `alias`, a wrapper such as rules_ios'
/// `apple_framework_packaging` or swift-syntax's `opt_wrapper`), something that is no module
/// (a filegroup, a resource bundle), or nothing Strata evaluated.
struct BazelIndex {
    struct Key: Hashable {
        var package: String
        var name: String
    }

    /// Each rule's kind (`swift_library`), by package and name.
    private var kinds: [Key: String] = [:]
    /// What each rule that makes a module (or is a prebuilt framework) makes.
    private var modules: [Key: BazelRuleKind] = [:]
    /// What each rule that makes no module stands for: an `alias`'s `actual`, another rule's
    /// `deps` and `dep` (none for a filegroup or a resource bundle).
    private var forwards: [Key: [StarlarkLabel]] = [:]
    /// Each rule's `module_name`, when it writes one (a module map's, for the library using it).
    private var moduleNames: [Key: String] = [:]
    /// Each file group's `srcs`: files, or labels of other file groups. A file group is a
    /// `filegroup`, or a rule of another repository whose target another rule takes sources
    /// from (rules_pkg's `pkg_files`, which player-ui's `ios_pipeline` lists a module's
    /// `glob` in): it stands for its files, and makes no module of its own.
    private var fileGroups: [Key: [StarlarkLabel]] = [:]
    /// The libraries that hold a test's code (`testLibraries`).
    private var testLibraries: Set<Key> = []
    /// The main repository's own names (`module(name = "shop")`): `@shop//a:b` is `//a:b`.
    private let mainRepositories: Set<String>

    /// - Parameters:
    ///   - mainRepositories: the names a label of the main repository may be written with
    ///     (`@my_app//Modules/Cart`), besides none.
    ///   - whole: every BUILD file was read and evaluated without a problem (`testLibraries`).
    init(_ packages: [BazelPackage], mainRepositories: Set<String> = [], whole: Bool = false) {
        self.mainRepositories = mainRepositories
        // The targets the sources of a module or of a rule of another repository name
        // (`pkg_filegroup` of `pkg_files`, rules_player's `pkg_zip` of them): what a rule of
        // another repository there is. The inputs of Bazel's own rules that make no module (a
        // genrule's) are not sources.
        var sourceTargets: Set<Key> = []
        for package in packages {
            for rule in package.rules {
                let external = if case .external = rule.origin { true } else { false }
                guard external || BazelRuleKind.of(rule) != nil else { continue }
                for attribute in BazelRuleKind.sourceAttributes {
                    for label in Self.labels(rule[attribute], package: package.name)
                    where label.repository.isEmpty || mainRepositories.contains(label.repository) {
                        sourceTargets.insert(Key(package: label.package, name: label.name))
                    }
                }
            }
        }
        for package in packages {
            for rule in package.rules {
                guard let name = rule.name else { continue }
                let key = Key(package: package.name, name: name)
                kinds[key] = rule.kind
                if let moduleName = rule["module_name"]?.flattened.string, !moduleName.isEmpty { moduleNames[key] = moduleName }
                let external = if case .external = rule.origin { true } else { false }
                let fileGroup = rule.kind == "filegroup" || external && sourceTargets.contains(key)
                if fileGroup { fileGroups[key] = Self.labels(rule["srcs"], package: package.name) }
                let module = fileGroup ? nil : BazelRuleKind.of(rule)
                modules[key] = module
                if rule.kind == "alias" {
                    forwards[key] = Self.labels(rule["actual"], package: package.name)
                } else if module == nil {
                    forwards[key] = Self.labels(rule["deps"], package: package.name) + Self.labels(rule["dep"], package: package.name)
                }
            }
        }
        if whole { testLibraries = testLibraries(packages) }
    }

    /// `label` with the main repository's own name dropped (`@shop//a:b` is `//a:b`).
    func local(_ label: StarlarkLabel) -> StarlarkLabel {
        var label = label
        if mainRepositories.contains(label.repository) { label.repository = "" }
        return label
    }

    /// The rules whose code a test can hold: libraries that compile sources (not a framework,
    /// which packages libraries, nor a library group or alias).
    private static let codeLibraries: Set<String> = ["swift_library", "mixed_language_library", "objc_library", "cc_library", "apple_library"]

    /// The libraries that hold a test's code: every rule depending on one is a test that
    /// writes no `srcs` (rules_apple's `ios_unit_test`, which has none, and its suites; a
    /// `swift_test` without them), and at least one does. rules_apple's tests take their code
    /// from such a library, often not marked `testonly` (rules_xcodeproj's examples,
    /// Telegram's); it is test code as a `testonly` one is. A `swift_test` that writes `srcs`
    /// (even a glob a macro writes for every module, empty here) tests its `deps`, and a
    /// `build_test` only builds them: neither makes them test code. A library other libraries
    /// use (a test helper, code only a test library imports so far), an app or a rule Strata
    /// does not know uses stays a library. Only for a workspace read whole: a BUILD file not
    /// read, or read only in part, may hold the app that uses a library.
    private func testLibraries(_ packages: [BazelPackage]) -> Set<Key> {
        var dependents: [Key: Set<Key>] = [:]
        var tests: Set<Key> = []
        for package in packages {
            for rule in package.rules {
                guard let name = rule.name else { continue }
                let key = Key(package: package.name, name: name)
                let runsCode = (modules[key]?.kind == .test && rule.kind.hasSuffix("_test") && !rule.kind.hasSuffix("build_test"))
                    || rule.kind.hasSuffix("_unit_test_suite") || rule.kind.hasSuffix("_ui_test_suite")
                if runsCode, rule["srcs"] == nil { tests.insert(key) }
                for attribute in BazelRuleKind.dependencyAttributes {
                    for label in Self.labels(rule[attribute], package: package.name) {
                        for target in resolving(local(label)) where target.repository.isEmpty {
                            dependents[Key(package: target.package, name: target.name), default: []].insert(key)
                        }
                    }
                }
            }
        }
        return Set(kinds.keys.filter { key in
            guard let kind = kinds[key], Self.codeLibraries.contains(kind), let users = dependents[key], !users.isEmpty else { return false }
            return users.isSubset(of: tests)
        })
    }

    /// Whether the rule `name` of `package` is a file group (`fileGroups`): no module.
    func isFileGroup(package: String, name: String) -> Bool {
        fileGroups[Key(package: package, name: name)] != nil
    }

    /// Whether the rule `name` of `package` is a library that holds a test's code.
    func isTestLibrary(package: String, name: String) -> Bool {
        testLibraries.contains(Key(package: package, name: name))
    }

    /// The labels a label stands for, rules that forward followed (a few steps; a cycle
    /// stops): itself when it names a module, another repository's target or nothing known.
    func resolving(_ label: StarlarkLabel) -> [StarlarkLabel] { Self.expand(label, through: forwards) }

    /// The files a label in `srcs` stands for: a `filegroup`'s sources (those of filegroups it
    /// lists followed, a few steps; a cycle stops), else the label itself.
    func sourceFiles(_ label: StarlarkLabel) -> [StarlarkLabel] { Self.expand(label, through: fileGroups) }

    /// `label` replaced by what `map` gives for it, recursively (8 steps at most, each target
    /// once); a label `map` has nothing for, or of another repository, is kept as it is.
    private static func expand(_ label: StarlarkLabel, through map: [Key: [StarlarkLabel]]) -> [StarlarkLabel] {
        var result: [StarlarkLabel] = []
        var seen: Set<Key> = []
        func visit(_ label: StarlarkLabel, depth: Int) {
            let key = Key(package: label.package, name: label.name)
            guard label.repository.isEmpty, let next = map[key] else { return result.append(label) }
            guard depth < 8, seen.insert(key).inserted else { return }
            for target in next { visit(target, depth: depth + 1) }
        }
        visit(label, depth: 0)
        return result
    }

    /// The kind of the rule a label of the main repository names; nil when none was evaluated.
    func kind(of label: StarlarkLabel) -> String? {
        label.repository.isEmpty ? kinds[Key(package: label.package, name: label.name)] : nil
    }

    /// What the rule a label of the main repository names makes; nil for a rule that makes no
    /// module, or none evaluated.
    func module(of label: StarlarkLabel) -> BazelRuleKind? {
        label.repository.isEmpty ? modules[Key(package: label.package, name: label.name)] : nil
    }

    /// The `module_name` of the rule a label of the main repository names.
    func moduleName(of label: StarlarkLabel) -> String? {
        label.repository.isEmpty ? moduleNames[Key(package: label.package, name: label.name)] : nil
    }

    /// The labels of an attribute: a list, a single label, a `select`'s branches together.
    static func labels(_ value: StarlarkValue?, package: String) -> [StarlarkLabel] {
        guard let value = value?.flattened else { return [] }
        return (value.elements ?? [value]).compactMap { label($0, package: package) }
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
