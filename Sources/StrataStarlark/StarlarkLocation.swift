/// A place in a Starlark file: its path as the host names it, and a line (1-based).
package struct StarlarkLocation: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int

    package init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    package var description: String { "\(file):\(line)" }
}
