/// One loaded (or loading) file: its globals, in the order they were first bound.
package final class StarlarkModule: @unchecked Sendable {
    /// The file's path from the repository's root, as the host names it.
    package let path: String
    /// The package the file is in (its folder, for a .bzl file; the BUILD file's package).
    package let package: String
    /// The repository the file is in: "" for the main one, else the name it was loaded by
    /// (`rules_player` for `@rules_player//ios:defs.bzl`). Its labels are of that repository.
    package let repository: String
    package private(set) var names: [String] = []
    private var values: [String: StarlarkValue] = [:]
    /// The .bzl files of the repository it loads, directly or not, in the order first loaded:
    /// what its evaluation depends on besides its own text (and the files `glob` lists).
    package private(set) var dependencies: [String] = []

    init(path: String, package: String, repository: String = "") {
        self.path = path
        self.package = package
        self.repository = repository
    }

    package subscript(name: String) -> StarlarkValue? {
        get { values[name] }
        set {
            if values[name] == nil, newValue != nil { names.append(name) }
            values[name] = newValue
        }
    }

    /// Records that the file loads `module` (and so everything `module` loads).
    func depend(on module: StarlarkModule) {
        for path in [module.path] + module.dependencies where !dependencies.contains(path) { dependencies.append(path) }
    }

    /// The globals, in order: what `load()` from this file can ask for.
    package var globals: [(name: String, value: StarlarkValue)] {
        names.compactMap { name in values[name].map { (name, $0) } }
    }
}
