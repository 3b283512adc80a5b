/// A Starlark list: shared, so that every name bound to it sees an `append`.
package final class StarlarkList: @unchecked Sendable {
    package var elements: [StarlarkValue]

    package init(_ elements: [StarlarkValue] = []) {
        self.elements = elements
    }
}
