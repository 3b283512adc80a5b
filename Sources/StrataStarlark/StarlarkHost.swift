/// What the evaluator asks of the repository it reads: files by path from the repository's
/// root, and the files under a package, for `load()` and `glob()`. It never touches the
/// disk itself.
package protocol StarlarkHost {
    /// The text of a file of the main repository (`build_defs/swift.bzl`); nil when absent.
    func contents(ofFile path: String) -> String?
    /// Every file under the package's folder, relative to it (`Sources/A/a.swift`),
    /// subfolders' BUILD files included: the evaluator finds the subpackages among them.
    func files(inPackage package: String) -> [String]
}

/// A repository held in memory, path from the root to text: for tests, and for readers
/// that have already collected the files.
package struct StarlarkMemoryHost: StarlarkHost, Sendable {
    package var files: [String: String]

    package init(files: [String: String]) {
        self.files = files
    }

    package func contents(ofFile path: String) -> String? { files[path] }

    package func files(inPackage package: String) -> [String] {
        let prefix = package.isEmpty ? "" : package + "/"
        return files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }
}

/// A rule called while a BUILD file was evaluated, directly or through macros.
package struct StarlarkRuleCall: @unchecked Sendable {
    /// The name the rule was called by at the innermost level: `swift_library`, `cc_library`
    /// (for `native.cc_library`), a `rule()`'s exported name.
    package var kind: String
    /// The keyword arguments, in the order given; `select()`s kept as they are.
    package var attributes: [(name: String, value: StarlarkValue)]
    /// Every call from the BUILD file's own down to the rule's: the first is in the BUILD
    /// file, the last is the rule's call itself (the only one when no macro is involved).
    package var stack: [StarlarkCallSite]

    /// Where the BUILD file makes the call (the rule's own, or the outermost macro's).
    package var location: StarlarkLocation { stack[0].location }

    /// The calls inside macros that led to the rule, outermost first; empty when the BUILD
    /// file calls the rule itself.
    package var macroStack: [StarlarkCallSite] { Array(stack.dropFirst()) }

    /// The `name` attribute, when it is a string.
    package var name: String? { self["name"]?.string }

    package subscript(name: String) -> StarlarkValue? {
        attributes.first { $0.name == name }?.value
    }
}

/// A call in progress: the function called and where.
package struct StarlarkCallSite: Hashable, Sendable, CustomStringConvertible {
    package var function: String
    package var location: StarlarkLocation

    package var description: String { "\(function) at \(location)" }
}

/// What evaluating a BUILD file recorded.
package struct StarlarkBuildResult: Sendable {
    package var rules: [StarlarkRuleCall]
    /// The BUILD file's diagnostics, and those of the .bzl files it was the first to load.
    package var diagnostics: [StarlarkDiagnostic]
}
