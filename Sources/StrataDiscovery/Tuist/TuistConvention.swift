import StrataSourceTree
import StrataModel

/// The folder layouts Tuist projects follow, for when a manifest cannot be evaluated:
/// `Targets/<Name>/{Sources,Tests}` (Tuist's template), `Features/<Name>/{Interface,Sources,
/// Testing,Tests,Example}` (uFeature), the same folders directly in a project
/// (`Projects/<Name>/Sources`), and `Projects/<Name>/...` without a manifest of its own.
enum TuistConvention {
    /// A target the folders suggest.
    struct Guess: Equatable {
        var name: String
        var kind: ModuleKind
        /// Root-relative.
        var folder: String
    }

    /// The uFeature target folders and what they add to the feature's name.
    static let roles: [(folder: String, suffix: String, kind: ModuleKind)] = [
        ("Interface", "Interface", .library), ("Sources", "", .library), ("Testing", "Testing", .library),
        ("Tests", "Tests", .test), ("Example", "Example", .example), ("Demo", "Demo", .example),
    ]

    /// The targets the Swift files under a project's folder suggest, sorted by name.
    /// `projectName` names the targets of folders directly in the project.
    static func guesses(in directory: String, projectName: String, files: [String]) -> [Guess] {
        let prefix = directory.isEmpty ? "" : directory + "/"
        var found: [String: Guess] = [:]
        func add(_ owner: String, _ role: Substring, folder: String) {
            guard let role = roles.first(where: { $0.folder == role }) else { return }
            let guess = Guess(name: owner + role.suffix, kind: role.kind, folder: folder)
            if found[guess.name] == nil { found[guess.name] = guess }
        }
        for file in files.sortedRun(withPrefix: prefix) where file.hasSwiftExtension {
            let parts = file.dropFirst(prefix.count).split(separator: "/")
            guard parts.count >= 2 else { continue }
            if parts.count >= 4, ["Targets", "Features", "Projects"].contains(parts[0]) {
                let owner = prefix + parts.prefix(2).joined(separator: "/")
                if parts[0] == "Projects", !files.sortedRun(withPrefix: owner + "/Project.swift").isEmpty { continue }
                if parts[0] == "Targets", parts[2] != "Sources", parts[2] != "Tests" { continue }
                add(String(parts[1]), parts[2], folder: owner + "/" + parts[2])
            } else {
                add(projectName, parts[0], folder: prefix + parts[0])
            }
        }
        return found.values.sorted { $0.name < $1.name }
    }

    /// Where the convention looks for one target's sources when its `sources:` could not be
    /// evaluated.
    static func sources(forTarget name: String, in directory: String) -> [String] {
        let projectName = directory.isEmpty ? nil : RepositoryPath.name(of: directory)
        var globs: [String] = []
        for role in roles where name.hasSuffix(role.suffix) {
            let owner = String(name.dropLast(role.suffix.count))
            globs += ["Targets/\(owner)/\(role.folder)/**", "Features/\(owner)/\(role.folder)/**"]
            if owner == projectName { globs.append("\(role.folder)/**") }
        }
        globs += ["\(name)/Sources/**", "Sources/\(name)/**"]
        return globs.map { Manifest.join(directory, $0) }
    }
}
