import StrataModel
import StrataSourceTree

/// Where a tree has C, C++ and Objective-C sources, and where a module's public headers are:
/// what Swift reads of a C, Objective-C or mixed module (`PublicHeaders`). A module whose
/// folder holds C-family sources but whose headers are not found may declare names Strata
/// does not read, so no import of it is claimed unused for naming nothing of its Swift
/// declarations.
struct ClangSources {
    static let extensions = PublicHeaders.headerExtensions.union(["m", "mm", "c", "cc", "cpp", "cxx"])
    static let moduleMapName = PublicHeaders.moduleMapName

    /// The C-family files of the tree, sorted (most Swift repositories have none).
    private let paths: [String]
    /// Its headers, sorted.
    private let headers: [String]
    /// Its module maps, sorted.
    private let moduleMaps: [String]

    init(files: [String]) {
        paths = files.filter { path in Self.extensions.contains(PublicHeaders.fileExtension(path)) }.sorted()
        headers = paths.filter(PublicHeaders.isHeader)
        moduleMaps = files.filter { RepositoryPath.name(of: $0) == Self.moduleMapName }.sorted()
    }


    /// Where a target's public headers are: a SwiftPM target's include folder (its
    /// `publicHeadersPath`, else `include`) with its umbrella header when it has one, else every
    /// header there, or its own module map (a system library's); a Bazel rule's `hdrs`; nil for
    /// a target without any.
    func publicHeaders(of target: Manifest.Target, system: BuildSystem, directory: String) -> PublicHeaders? {
        switch (target.publicHeaders, target.sources) {
        case (.files(let listed, let includes), _):
            let found = listed.filter(PublicHeaders.isHeader)
            guard !found.isEmpty else { return nil }
            return PublicHeaders(headers: found.sorted(), searchPaths: includes + [directory, ""])
        case (.globs(let include, let exclude), _):
            let found = Discoverer.files(in: headers, matching: include, excluding: exclude)
            guard !found.isEmpty else { return nil }
            // `#import <Pod/Header.h>` and `#import "Header.h"` find them from the pod's folders.
            let folders = Array(Set(found.map(RepositoryPath.folder(of:)))).sorted()
            return PublicHeaders(headers: found.sorted(), searchPaths: [directory] + folders.filter { $0 != directory })
        case (let spec, .package) where system == .swiftpm:
            if target.kind == .system {
                let map = directory.isEmpty ? Self.moduleMapName : directory + "/" + Self.moduleMapName
                return moduleMaps.containsSorted(map) ? PublicHeaders(headers: [], moduleMap: map, searchPaths: [directory]) : nil
            }
            var folderName = "include"
            if case .folder(let written)? = spec { folderName = written }
            guard let include = RepositoryPath.joined(directory, folderName) else { return nil }
            let inside = Array(include.isEmpty ? headers[...] : headers.sortedRun(withPrefix: include + "/"))
            let map = include.isEmpty ? Self.moduleMapName : include + "/" + Self.moduleMapName
            let moduleMap = moduleMaps.containsSorted(map) ? map : nil
            guard !inside.isEmpty || moduleMap != nil else { return nil }
            let searchPaths = include == directory ? [include] : [include, directory]
            // SwiftPM's umbrella header: include/<Target>.h, else include/<Target>/<Target>.h.
            let prefix = include.isEmpty ? "" : include + "/"
            for umbrella in [prefix + target.name + ".h", prefix + target.name + "/" + target.name + ".h"] where inside.containsSorted(umbrella) {
                return PublicHeaders(headers: [umbrella], moduleMap: moduleMap, searchPaths: searchPaths)
            }
            return PublicHeaders(headers: inside, moduleMap: moduleMap, searchPaths: searchPaths)
        default:
            return nil
        }
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
