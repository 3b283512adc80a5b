import Foundation
import StrataModel
import StrataScan
import StrataSourceTree

/// The sources of the external modules a repository imports, where a build has checked them out
/// beside it: SwiftPM's `.build/checkouts`, Xcode's `SourcePackages/checkouts` (a
/// `-clonedSourcePackagesDirPath`) and CocoaPods' `Pods`. Grading an import needs the names its
/// module declares; with these, an import of a package dependency is graded like an import of
/// the repository's own modules instead of `unknown`.
///
/// Found by where the tools put a module, without reading manifests (a run pays a few folder
/// listings): a checkout's `Sources/<target>`, a pod's folder. A module elsewhere (a target with
/// its own `path:`), or with C, Objective-C or C++ sources beside its Swift (names the Swift
/// files do not declare), stays `unknown`.
enum DependencySources {
    /// The folders holding one checked-out package each, relative to the root.
    static let checkoutFolders = [".build/checkouts", "SourcePackages/checkouts"]
    /// The folders of `Pods` that are CocoaPods' own, not a pod.
    static let podsOwnFolders: Set<String> = ["Target Support Files", "Headers", "Local Podspecs", "Pods.xcodeproj"]
    /// Sources whose names a module's Swift files do not show.
    static let otherLanguages = [".h", ".m", ".mm", ".c", ".cc", ".cpp", ".hpp"]

    /// The modules of `wanted` (and those they re-export, transitively) checked out beside the
    /// repository, scanned by `scan`: import name → Swift files (relative to `root`, sorted),
    /// and the scan of all of them.
    static func gather(
        root: String, wanted: Set<String>, scan: ([String]) -> StrataScan.Scanner.Outcome
    ) -> (modules: [String: [String]], scanned: [StrataScan.Scanner.Outcome]) {
        var modules: [String: [String]] = [:], scanned: [StrataScan.Scanner.Outcome] = [], asked: Set<String> = []
        var wanted = wanted
        // A re-exported module is looked for in turn; a chain is as long as the modules found.
        while !wanted.isEmpty {
            asked.formUnion(wanted)
            let found = find(root: root, wanted: wanted)
            guard !found.isEmpty else { break }
            let outcome = scan(found.values.joined().sorted())
            modules.merge(found) { first, _ in first }
            scanned.append(outcome)
            wanted = []
            for path in found.values.joined() {
                for site in outcome.facts[path]?.imports ?? [] where site.attributes.contains("@_exported") && site.condition == nil {
                    if !asked.contains(site.module), !SystemModules.contains(site.module) { wanted.insert(site.module) }
                }
            }
        }
        return (modules, scanned)
    }

    /// Whether the tree has anywhere `find` looks: a checkout folder or `Pods` holding a package
    /// or a pod.
    static func hasCheckouts(root: String) -> Bool {
        checkoutFolders.contains { !subfolders(of: root + "/" + $0).isEmpty }
            || subfolders(of: root + "/Pods").contains { !podsOwnFolders.contains($0) }
    }

    /// Import name → the Swift files (relative to `root`, sorted) of each module in `wanted`
    /// found checked out; the first checkout holding a module wins.
    static func find(root: String, wanted: Set<String>) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for folder in checkoutFolders {
            for checkout in subfolders(of: root + "/" + folder) {
                let sources = folder + "/" + checkout + "/Sources"
                for target in subfolders(of: root + "/" + sources) {
                    let module = DiscoveredModule.moduleName(forTarget: target)
                    guard wanted.contains(module), found[module] == nil else { continue }
                    found[module] = swiftFiles(in: sources + "/" + target, root: root)
                }
            }
        }
        // A pod's module is its name as an identifier (`Pods/SDWebImage`, `Pods/R.swift` → `R_swift`).
        for pod in subfolders(of: root + "/Pods") where !podsOwnFolders.contains(pod) {
            let module = DiscoveredModule.moduleName(forTarget: pod)
            guard wanted.contains(module), found[module] == nil else { continue }
            found[module] = swiftFiles(in: "Pods/" + pod, root: root)
        }
        return found.compactMapValues { $0 }
    }

    /// The Swift files of a module's folder, relative to `root`; nil when it holds none, or
    /// sources of another language too.
    static func swiftFiles(in folder: String, root: String) -> [String]? {
        let files = (try? WorkingDirectoryTree(rootPath: root + "/" + folder, filter: PathFilter()).files()) ?? []
        guard !files.contains(where: { file in otherLanguages.contains { file.hasSuffix($0) } }) else { return nil }
        let swift = files.filter(\.hasSwiftExtension)
        return swift.isEmpty ? nil : swift.map { folder + "/" + $0 }.sorted()
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
