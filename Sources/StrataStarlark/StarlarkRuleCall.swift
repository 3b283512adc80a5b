/// A rule called while a BUILD file was evaluated, directly or through macros.
package struct StarlarkRuleCall: @unchecked Sendable {
    /// The name the rule was called by at the innermost level: `swift_library`, `cc_library`
    /// (for `native.cc_library`), a `rule()`'s exported name.
    package var kind: String
    /// Where the rule comes from: Bazel's own, another repository's (not read), a `rule()` of a .bzl file.
    package var origin: StarlarkRule.Origin = .native
    /// The keyword arguments, in the order given; `select()`s kept as they are.
    package var attributes: [(name: String, value: StarlarkValue)]
    /// Every call from the BUILD file's own down to the rule's: the first is in the BUILD
    /// file, the last is the rule's call itself (the only one when no macro is involved).
    package var stack: [StarlarkCallSite]

    /// Where the BUILD file makes the call (the rule's own, or the outermost macro's).
    package var location: StarlarkLocation { stack[0].location }

    /// The calls inside macros that led to the rule, outermost first, the last being the
    /// rule's own call; empty when the BUILD file calls the rule itself.
    package var macroStack: [StarlarkCallSite] { Array(stack.dropFirst()) }

    /// The `name` attribute, when it is a string.
    package var name: String? { self["name"]?.string }

    package subscript(name: String) -> StarlarkValue? {
        attributes.first { $0.name == name }?.value
    }
}
