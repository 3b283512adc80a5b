import Foundation
import StrataConfiguration
import StrataDiscovery
import StrataModel
import StrataSourceTree

/// The sources of the external modules a repository imports, where a build has checked them out
/// beside it: SwiftPM's `.build/checkouts`, Xcode's `SourcePackages/checkouts` (a
/// `-clonedSourcePackagesDirPath`) and CocoaPods' `Pods`. Grading an import needs the names its
/// module declares; with these, an import of a package dependency is graded like an import of
/// the repository's own modules instead of `unknown`.
enum DependencySources {
    /// The folders holding one checked-out package each, relative to the root.
    static let checkoutFolders = [".build/checkouts", "SourcePackages/checkouts"]
    /// The folders of `Pods` that are CocoaPods' own, not a pod.
    static let podsOwnFolders: Set<String> = ["Target Support Files", "Headers", "Local Podspecs", "Pods.xcodeproj"]

    /// Import name → the Swift files (relative to `root`, sorted) of each module in `wanted`
    /// whose sources are checked out; the first checkout declaring a module wins.
    static func find(root: String, wanted: Set<String>) -> [String: [String]] {
        guard !wanted.isEmpty else { return [:] }
        var found: [String: [String]] = [:]
        for folder in checkoutFolders {
            for checkout in subfolders(of: root + "/" + folder) {
                let prefix = folder + "/" + checkout + "/"
                let tree = WorkingDirectoryTree(rootPath: root + "/" + prefix, filter: PathFilter())
                // Discovery of the checkout as a repository of its own; a checkout it cannot read is left out.
                guard let stage = try? TreeAnalysis.discover(tree: tree, configuration: Configuration()) else { continue }
                for module in stage.discovery.modules where !module.kind.isTest && wanted.contains(module.importName) {
                    if found[module.importName] == nil, !module.sourceFiles.isEmpty {
                        found[module.importName] = module.sourceFiles.map { prefix + $0 }.sorted()
                    }
                }
            }
        }
        // A pod's module is its name as an identifier (`Pods/SDWebImage`, `Pods/R.swift` → `R_swift`).
        for pod in subfolders(of: root + "/Pods") where !podsOwnFolders.contains(pod) {
            let module = DiscoveredModule.moduleName(forTarget: pod)
            guard wanted.contains(module), found[module] == nil else { continue }
            let tree = WorkingDirectoryTree(rootPath: root + "/Pods/" + pod, filter: PathFilter())
            let files = ((try? tree.files()) ?? []).filter(\.hasSwiftExtension)
            if !files.isEmpty { found[module] = files.map { "Pods/" + pod + "/" + $0 }.sorted() }
        }
        return found
    }

    /// The names of the folders in `path`, sorted; none when it is not a readable folder.
    static func subfolders(of path: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
    }
}
