/// What evaluating a BUILD file recorded.
package struct StarlarkBuildResult: Sendable {
    package var rules: [StarlarkRuleCall]
    /// The BUILD file's diagnostics, and those of the .bzl files it was the first to load.
    package var diagnostics: [StarlarkDiagnostic]
}
