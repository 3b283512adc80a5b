/// `load("//pkg:defs.bzl", "a", b = "c")`: each symbol bound locally under its alias.
package struct StarlarkLoad: Sendable {
    package var module: String
    package var symbols: [(local: String, exported: String)]
    package var line: Int
}
