/// Something that records a rule call when called: a rule of Bazel's own (`cc_library`,
/// `native.objc_library`), a symbol loaded from a repository not available here
/// (`swift_library` from `@build_bazel_rules_swift`), or a `rule()`/`macro()` of a .bzl
/// file, named by the global it was exported as.
package final class StarlarkRule: @unchecked Sendable {
    package enum Origin: Equatable, Sendable {
        /// A name Bazel provides to BUILD files, or `native.<name>`.
        case native
        /// A symbol of `load()` from a repository not available: its label.
        case external(String)
        /// `rule()`, `macro()` or `repository_rule()` in a .bzl file: the function and file.
        case defined(String, file: String)
    }

    /// The name the call is recorded under: the rule's exported name.
    package internal(set) var kind: String
    package let origin: Origin

    package init(kind: String, origin: Origin) {
        self.kind = kind
        self.origin = origin
    }
}
