/// One loaded (or loading) file: its globals, in the order they were first bound.
package final class StarlarkModule: @unchecked Sendable {
    /// The file's path from the repository's root, as the host names it.
    package let path: String
    /// The package the file is in (its folder, for a .bzl file; the BUILD file's package).
    package let package: String
    package private(set) var names: [String] = []
    private var values: [String: StarlarkValue] = [:]

    init(path: String, package: String) {
        self.path = path
        self.package = package
    }

    package subscript(name: String) -> StarlarkValue? {
        get { values[name] }
        set {
            if values[name] == nil, newValue != nil { names.append(name) }
            values[name] = newValue
        }
    }

    /// The globals, in order: what `load()` from this file can ask for.
    package var globals: [(name: String, value: StarlarkValue)] {
        names.compactMap { name in values[name].map { (name, $0) } }
    }
}
