/// A function of the interpreter's own (`len`, `glob`), or a method bound to its receiver
/// (`"a,b".split`, `deps.append`).
package struct StarlarkBuiltin: Sendable {
    package var name: String
    /// The receiver of a method, empty for a function.
    var bound: [StarlarkValue]

    package init(_ name: String, receiver: StarlarkValue? = nil) {
        self.name = name
        self.bound = receiver.map { [$0] } ?? []
    }

    package var receiver: StarlarkValue? { bound.first }
}
