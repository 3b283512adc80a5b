/// A Bazel label: `@repo//package:name`. The main repository's is empty.
package struct StarlarkLabel: Hashable, Sendable, CustomStringConvertible {
    package var repository: String
    package var package: String
    package var name: String

    package init(repository: String = "", package: String, name: String) {
        self.repository = repository
        self.package = package
        self.name = name
    }

    /// Reads `text` as Bazel does, relative to `package` of `repository` for `:name` and
    /// `name`; nil when it is not a label. `@@repo`, `@repo` and `@` (the main repository)
    /// are all accepted.
    package init?(parsing text: String, package current: String = "", repository currentRepository: String = "") {
        var rest = Substring(text)
        var repository = currentRepository
        if rest.hasPrefix("@") {
            rest = rest.drop { $0 == "@" }
            let name = rest.prefix { $0 != "/" }
            repository = String(name)
            rest = rest.dropFirst(name.count)
            if rest.isEmpty {
                // `@repo` is `@repo//:repo`.
                self.init(repository: repository, package: "", name: repository)
                return
            }
            guard rest.hasPrefix("//") else { return nil }
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let packagePart = rest.prefix { $0 != ":" }
            let name = rest.dropFirst(packagePart.count).dropFirst()
            let defaultName = packagePart.split(separator: "/").last.map(String.init) ?? ""
            let target = rest.contains(":") ? String(name) : defaultName
            guard !target.isEmpty || !packagePart.isEmpty else { return nil }
            self.init(repository: repository, package: String(packagePart), name: target)
            return
        }
        let name = rest.hasPrefix(":") ? rest.dropFirst() : rest
        guard !name.isEmpty, !name.contains(":") else { return nil }
        self.init(repository: repository, package: current, name: String(name))
    }

    /// `//package:name`, or `@repo//package:name` outside the main repository.
    package var description: String {
        (repository.isEmpty ? "" : "@" + repository) + "//" + package + ":" + name
    }

    /// The file a `.bzl` label names, from its repository's root.
    package var path: String { package.isEmpty ? name : package + "/" + name }
}
