/// A parsed file: its statements, in order.
package struct StarlarkFile: Sendable {
    package var path: String
    package var statements: [StarlarkStatement]

    package init(path: String, statements: [StarlarkStatement]) {
        self.path = path
        self.statements = statements
    }

    /// The `load` statements, the modules a file needs before it can be evaluated.
    package var loads: [StarlarkLoad] {
        statements.compactMap { if case .load(let load) = $0 { return load } else { return nil } }
    }
}
