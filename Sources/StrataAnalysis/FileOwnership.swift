import StrataModel

/// Which modules own a file of the repository: those that compile it, else the module whose
/// folder holds it, or whose Swift files lie in a folder that holds it (the deepest such
/// folder), else none. Manifests and lockfiles are classified by the caller, which knows how
/// to compare them.
public struct FileOwnership: Sendable {
    /// Modules by the Swift files they compile.
    private var compilers: [String: [String]] = [:]
    /// Module folders (never the root) with their modules.
    private var folders: [String: [String]] = [:]
    /// Folders holding a module's Swift files, with those modules: a resource beside a
    /// module's sources belongs to it when its folder is the root (an Xcode target whose
    /// files spread over several folders).
    private var besides: [String: [String]] = [:]
    /// Every proper ancestor folder of a module folder: `Sources` for `Sources/Feed`.
    private var sourceFolders: Set<String> = []
    /// Folders named like this hold a target's sources, not the whole target.
    static let sourceFolderNames: Set<String> = ["Sources", "Source", "src", "Classes"]

    /// - Parameter sources: each module's Swift files, by module name.
    public init(modules: [AssembledModule], sources: [String: [String]]) {
        var targetFolders: [String: [String]] = [:]
        for module in modules {
            for file in sources[module.name] ?? [] {
                compilers[file, default: []].append(module.name)
                besides[RepositoryPath.folder(of: file), default: []].append(module.name)
            }
            let folder = module.path.hasPrefix("./") ? String(module.path.dropFirst(2)) : module.path
            guard !folder.isEmpty, folder != "." else { continue }
            folders[folder, default: []].append(module.name)
            // `Targets/Shop/Sources`: the target's folder is `Targets/Shop`, with its resources
            // beside the sources (Tuist's and many podspecs' layout).
            let parent = RepositoryPath.folder(of: folder)
            if Self.sourceFolderNames.contains(RepositoryPath.name(of: folder)), !parent.isEmpty, folders[parent] == nil {
                targetFolders[parent, default: []].append(module.name)
            }
            var ancestor = parent
            while !ancestor.isEmpty {
                sourceFolders.insert(ancestor)
                ancestor = RepositoryPath.folder(of: ancestor)
            }
        }
        for (folder, modules) in targetFolders where folders[folder] == nil { folders[folder] = modules }
        compilers = compilers.mapValues { Array(Set($0)).sorted() }
        folders = folders.mapValues { Array(Set($0)).sorted() }
        besides = besides.mapValues { Array(Set($0)).sorted() }
    }

    /// The modules that compile `path`, else those whose folder holds it; the kind says which.
    public func owners(of path: String) -> (kind: FileChange.Kind, modules: [String])? {
        if let modules = compilers[path] { return (.source, modules) }
        var folder = RepositoryPath.folder(of: path)
        while !folder.isEmpty {
            if let modules = folders[folder] ?? besides[folder] { return (path.hasSwiftSuffix ? .source : .resource, modules) }
            folder = RepositoryPath.folder(of: folder)
        }
        return nil
    }

    /// Whether the path lies under a folder that holds module folders (`Sources/`, `Modules/`),
    /// where a file no module owns is most likely one Strata misread.
    public func isUnderSourceFolder(_ path: String) -> Bool {
        var folder = RepositoryPath.folder(of: path)
        while !folder.isEmpty {
            if sourceFolders.contains(folder) || folders[folder] != nil { return true }
            folder = RepositoryPath.folder(of: folder)
        }
        return false
    }

    /// Files that build nothing: documentation and repository metadata. An unowned file of
    /// any other kind may be read by the build (a script phase, a shared xcconfig, a
    /// `.swift-version`), so by default it makes everything affected.
    public static func isDocumentation(_ path: String) -> Bool {
        let name = RepositoryPath.name(of: path)
        let lower = name.lowercased()
        let first = path.split(separator: "/").first.map { $0.lowercased() } ?? ""
        if ["docs", "documentation", ".github"].contains(first) && path.contains("/") { return true }
        if [".gitignore", ".gitattributes", ".mailmap", ".editorconfig", "codeowners"].contains(lower) { return true }
        for prefix in ["license", "licence", "readme", "changelog", "contributing", "authors", "code_of_conduct", "security"]
        where lower.hasPrefix(prefix) {
            return true
        }
        guard let dot = lower.lastIndex(of: ".") else { return false }
        return ["md", "markdown", "txt", "rst", "adoc"].contains(String(lower[lower.index(after: dot)...]))
    }
}

extension String {
    fileprivate var hasSwiftSuffix: Bool { hasSuffix(".swift") }
}
