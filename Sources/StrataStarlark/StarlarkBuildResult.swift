/// What evaluating a BUILD file recorded.
package struct StarlarkBuildResult: @unchecked Sendable {
    package var rules: [StarlarkRuleCall]
    /// The BUILD file's diagnostics, and those of the .bzl files it was the first to load.
    package var diagnostics: [StarlarkDiagnostic]
    /// The repository's .bzl files the BUILD file loads, directly or not, in the order first
    /// loaded (paths from the root): with its own text and its package's files, all its
    /// result depends on.
    package var loadedFiles: [String]
    /// The arguments of the file's `package()` call (`default_visibility`, `features`), in order.
    package var packageAttributes: [(name: String, value: StarlarkValue)] = []
}
