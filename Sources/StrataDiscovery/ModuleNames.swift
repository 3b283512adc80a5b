import StrataModel

/// Naming after placement: one module per set of files however many manifests describe it,
/// and names that are unique keys.
extension Discoverer {
    /// Target names, qualified where two packages of the repository share one: first with
    /// the package name (`Examples/Client`), then with the manifest's folder. The target of
    /// the manifest nearest the root keeps its plain name when it alone is nearest, so adding
    /// a nested package (an example, a tool) never renames the main one, and `strata.yml`
    /// patterns naming it keep matching.
    static func uniqueNames(_ targets: [(name: String, manifest: Manifest)]) -> [String] {
        var groups: [String: [Int]] = [:]
        for (index, target) in targets.enumerated() { groups[target.name, default: []].append(index) }
        func depth(_ index: Int) -> Int { targets[index].manifest.path.split(separator: "/").count }
        var plain: Set<Int> = []
        for indices in groups.values {
            let shallowest = indices.map(depth).min()!
            let nearest = indices.filter { depth($0) == shallowest }
            if nearest.count == 1 { plain.insert(nearest[0]) }
        }
        var qualified = targets.indices.map { index in
            groups[targets[index].name]!.count == 1 || plain.contains(index)
                ? targets[index].name : "\(targets[index].manifest.name)/\(targets[index].name)"
        }
        var qualifiedCounts: [String: Int] = [:]
        for name in qualified { qualifiedCounts[name, default: 0] += 1 }
        for index in qualified.indices where qualifiedCounts[qualified[index]]! > 1 && !plain.contains(index) {
            let directory = targets[index].manifest.directory
            qualified[index] = (directory.isEmpty ? "." : directory) + "/" + targets[index].name
        }
        return qualified
    }

    /// Module names are keys everywhere after discovery. A name still taken twice (one
    /// manifest defining a target twice, a `strata.yml` rename onto another module) gets a
    /// `#2` suffix, in manifest order, and a warning.
    static func makeNamesUnique(_ modules: inout [DiscoveredModule], diagnostics: inout [Diagnostic]) {
        modules.sort { ($0.name, $0.manifest?.description ?? "") < ($1.name, $1.manifest?.description ?? "") }
        var taken = Set(modules.map(\.name))
        var seen: Set<String> = []
        for index in modules.indices where !seen.insert(modules[index].name).inserted {
            let name = modules[index].name
            var number = 2
            while taken.contains("\(name)#\(number)") { number += 1 }
            modules[index].name = "\(name)#\(number)"
            taken.insert(modules[index].name)
            diagnostics.append(Diagnostic(
                file: modules[index].manifest?.file ?? ".", line: modules[index].manifest?.line,
                message: "a second module named \(name) is called \(modules[index].name) here; rename one (strata.yml modules:)"))
        }
    }

    /// One manifest declaring a target twice gives two modules one identity; the later ones,
    /// in name order, get a `#2` suffix, as their names do.
    static func makeIdentitiesUnique(_ modules: inout [DiscoveredModule]) {
        var taken = Set(modules.map(\.id))
        var seen: Set<ModuleID> = []
        for index in modules.indices where !seen.insert(modules[index].id).inserted {
            let id = modules[index].id
            var number = 2
            while taken.contains(ModuleID(manifest: id.manifest, target: "\(id.target)#\(number)")) { number += 1 }
            modules[index].id.target += "#\(number)"
            taken.insert(modules[index].id)
        }
    }

    /// Where each system stands when several describe the same module: a repository that
    /// builds with Bazel chose it over its other manifests, the package manifest
    /// is what both Xcode and `swift build` use, a generated Xcode project comes from Tuist, and
    /// a podspec usually repackages the same folder.
    static let precedence: [BuildSystem] = [.config, .bazel, .swiftpm, .tuist, .xcodegen, .xcode, .cocoapods, .convention]

    /// One module per importable name and set of files: targets with the same module name that
    /// share a Swift file, or the folder when one has no Swift file (a library's
    /// `Package.swift`, podspec and Xcode project; an Xcode target per platform; a C target
    /// both a `Package.swift` and a podspec describe) become the one from the system first in
    /// `precedence`, with its own declared dependencies (and, for Bazel's per-platform copies,
    /// the Swift files of them all). The others' manifest locations are returned by the kept
    /// target's new index.
    ///
    /// A pod a Podfile takes from a folder (`:path`) is built from its podspec, so the podspec
    /// goes before the pod's own Xcode project (`localPods`: such pods' names).
    static func mergingDuplicates(_ placed: [Placed], localPods: Set<String> = []) -> (kept: [Placed], duplicates: [Int: [Location]]) {
        func importName(_ entry: Placed) -> String {
            entry.target.importName ?? DiscoveredModule.moduleName(forTarget: entry.target.name)
        }
        func rank(_ entry: Placed) -> Int {
            if let pod = entry.pod, entry.manifest.system == .cocoapods, localPods.contains(pod) {
                return precedence.firstIndex(of: .xcode)! * 2 - 1
            }
            return (precedence.firstIndex(of: entry.manifest.system) ?? precedence.count) * 2
        }
        let order = placed.indices.sorted {
            let a = placed[$0], b = placed[$1]
            return (rank(a), a.manifest.path, a.target.line, a.target.name) < (rank(b), b.manifest.path, b.target.line, b.target.name)
        }
        var kept: [Placed] = []
        var keptFiles: [Set<String>] = []
        var byName: [String: [Int]] = [:]
        var duplicates: [Int: [Location]] = [:]
        // A target without Swift files (C, Objective-C) is the twin of one with the same folder
        // that another system describes (two packages' targets stay two).
        func twins(_ a: Placed, _ aFiles: Set<String>, _ b: Int) -> Bool {
            if !aFiles.isEmpty, !keptFiles[b].isDisjoint(with: aFiles) { return true }
            return (aFiles.isEmpty || keptFiles[b].isEmpty) && !a.directory.isEmpty && a.directory == kept[b].directory
                && a.manifest.system != kept[b].manifest.system
        }
        for index in order {
            let entry = placed[index]
            let files = Set(entry.files)
            if let twin = byName[importName(entry)]?.first(where: { twins(entry, files, $0) }) {
                duplicates[twin, default: []].append(entry.target.location(in: entry.manifest))
                kept[twin].aliases.insert(entry.target.name)
                // Bazel's copies of one module per platform (`module_name` repeated in the ios and
                // watchos packages) are one module with every file (the watchOS copy's own
                // `main.swift`); elsewhere the kept target's files stand (an app's flavors each
                // have their own configuration file; a podspec describes a package's target).
                if entry.manifest.system == .bazel, kept[twin].manifest.system == .bazel, !files.isSubset(of: keptFiles[twin]) {
                    keptFiles[twin].formUnion(files)
                    kept[twin].files = keptFiles[twin].sorted()
                }
                if kept[twin].pod == nil { kept[twin].pod = entry.pod }
                continue
            }
            byName[importName(entry), default: []].append(kept.count)
            kept.append(entry)
            keptFiles.append(files)
        }
        return (kept, duplicates.mapValues { $0.sorted() })
    }

    /// A target dependency on a merged twin (an app flavor, a per-platform target, a Bazel
    /// test's `.library`) names the module that was kept.
    static func redirectDependenciesOnTwins(_ placed: inout [Placed]) {
        struct Key: Hashable { var manifest, target: String }
        var kept: [Key: String] = [:]
        // A Bazel label names a package's folder, not its BUILD file.
        var keptInFolder: [Key: (folder: String, name: String)] = [:]
        for entry in placed {
            for alias in entry.aliases {
                kept[Key(manifest: entry.manifest.path, target: alias)] = entry.target.name
                if entry.manifest.system == .bazel { keptInFolder[Key(manifest: entry.manifest.directory, target: alias)] = (entry.manifest.directory, entry.target.name) }
            }
        }
        guard !kept.isEmpty else { return }
        for index in placed.indices {
            let manifest = placed[index].manifest.path
            for (position, dependency) in placed[index].target.dependencies.enumerated() {
                if dependency.kind == .target, let name = kept[Key(manifest: manifest, target: dependency.name)] {
                    placed[index].target.dependencies[position].name = name
                } else if dependency.kind == .project, let twin = keptInFolder[Key(manifest: dependency.package ?? "", target: dependency.name)] {
                    placed[index].target.dependencies[position].name = twin.name
                    placed[index].target.dependencies[position].package = twin.folder
                }
            }
        }
    }
}
