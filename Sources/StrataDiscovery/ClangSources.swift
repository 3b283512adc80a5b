import StrataModel

/// Where a tree has C, C++ and Objective-C sources: a module whose folder holds any may
/// declare names in headers, which Strata does not read yet, so no import of it is claimed
/// unused for naming nothing of its Swift declarations.
struct ClangSources {
    static let extensions: Set<Substring> = ["h", "hh", "hpp", "m", "mm", "c", "cc", "cpp", "cxx"]

    /// The C-family files of the tree, sorted (most Swift repositories have none).
    private let paths: [String]

    init(files: [String]) {
        paths = files.filter { path in
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
            return Self.extensions.contains(path[path.index(after: dot)...])
        }.sorted()
    }

    /// Whether the module's folder holds any: the folder its Swift files share, else its own.
    func inModule(_ module: DiscoveredModule) -> Bool {
        guard !paths.isEmpty else { return false }
        let folder = Self.commonFolder(module.sourceFiles) ?? module.path
        if folder.isEmpty { return true }
        let prefix = folder + "/"
        // The first path not before the folder's: a binary search of the sorted paths.
        var low = 0, high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        return low < paths.count && paths[low].hasPrefix(prefix)
    }

    /// The deepest folder holding every one of `files`; nil for none.
    static func commonFolder(_ files: [String]) -> String? {
        guard let first = files.first else { return nil }
        var common = RepositoryPath.folder(of: first)
        for file in files.dropFirst() where !(file.hasPrefix(common + "/") || common.isEmpty) {
            while !common.isEmpty, !file.hasPrefix(common + "/") { common = RepositoryPath.folder(of: common) }
        }
        return common
    }
}
