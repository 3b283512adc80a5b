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
        directory = Manifest(name: "", system: .tuist, path: manifest, targets: []).directory
        let ancestors = Discoverer.ancestors(of: manifest)
        root = ancestors.first { ancestor in
            let prefix = ancestor.isEmpty ? "" : ancestor + "/"
            return Self.contains(files, prefix: prefix + "Tuist/") || Self.binarySearch(files, prefix + "Tuist.swift")
        } ?? ""
        let prefix = root.isEmpty ? "" : root + "/"
        let own = prefix + "Tuist/ProjectDescriptionHelpers/"
        // Local plugins (`Plugins/<Name>/ProjectDescriptionHelpers/`, wherever `Config.swift`
        // puts them) are modules the manifests import too.
        let plugins = Self.files(files, under: prefix).filter {
            $0.hasSwiftExtension && !$0.hasPrefix(own) && ($0.contains("/ProjectDescriptionHelpers/") || $0.hasPrefix("ProjectDescriptionHelpers/"))
                && !$0.contains("/.build/") && !$0.contains("/Templates/")
        }
        helpers = Self.files(files, under: own).filter(\.hasSwiftExtension) + plugins
    }

    /// The files under a folder (given with its trailing slash), from the sorted list.
    static func files(_ files: [String], under folder: String) -> [String] {
        var index = lowerBound(files, folder)
        var result: [String] = []
        while index < files.count, files[index].hasPrefix(folder) {
            result.append(files[index])
            index += 1
        }
        return result
    }

    static func contains(_ files: [String], prefix: String) -> Bool {
        let index = lowerBound(files, prefix)
        return index < files.count && files[index].hasPrefix(prefix)
    }

    private static func binarySearch(_ files: [String], _ path: String) -> Bool {
        let index = lowerBound(files, path)
        return index < files.count && files[index] == path
    }

    private static func lowerBound(_ sorted: [String], _ key: String) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
