import StrataModel
import StrataSourceTree

/// Where a Tuist manifest's helpers and root are, found from the repository's file list.
///
/// Tuist compiles `Tuist/ProjectDescriptionHelpers/**` (and each local plugin's
/// `ProjectDescriptionHelpers/`) into modules every manifest of the workspace imports; the
/// folder holding `Tuist/` is the root that `.relativeToRoot(...)` paths start from.
struct TuistLayout {
    /// The manifest's folder, relative to the repository root.
    let directory: String
    /// The Tuist root: the nearest ancestor of the manifest with a `Tuist/` folder or a
    /// `Tuist.swift`, else the repository root.
    let root: String
    /// Helper files, sorted: the root's `Tuist/ProjectDescriptionHelpers/`, then local plugins'.
    let helpers: [String]

    init(manifest: String, files: [String]) {
        directory = RepositoryPath.folder(of: manifest)
        let ancestors = Discoverer.ancestors(of: manifest)
        root = ancestors.first { ancestor in
            let prefix = ancestor.isEmpty ? "" : ancestor + "/"
            return !files.sortedRun(withPrefix: prefix + "Tuist/").isEmpty || files.containsSorted(prefix + "Tuist.swift")
        } ?? ""
        let prefix = root.isEmpty ? "" : root + "/"
        let own = prefix + "Tuist/ProjectDescriptionHelpers/"
        // Local plugins (`Plugins/<Name>/ProjectDescriptionHelpers/`, wherever `Config.swift`
        // puts them) are modules the manifests import too.
        let plugins = files.sortedRun(withPrefix: prefix).filter {
            $0.hasSwiftExtension && !$0.hasPrefix(own) && ($0.contains("/ProjectDescriptionHelpers/") || $0.hasPrefix("ProjectDescriptionHelpers/"))
                && !$0.contains("/Templates/")
        }
        helpers = files.sortedRun(withPrefix: own).filter(\.hasSwiftExtension) + plugins
    }
}
