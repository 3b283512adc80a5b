import StrataModel
import StrataSourceTree

/// Where Bazel and SwiftPM, or Bazel and the Xcode projects rules_xcodeproj makes, describe
/// the same folders.
extension Discoverer {
    /// One description per folder when a repository has both BUILD files and `Package.swift`s.
    /// A workspace whose root folder holds a `Package.swift` that declares targets is a Swift
    /// package that also builds with Bazel (swift-syntax, Yams): the package is what most of its
    /// users build, so its BUILD files are set aside; unless they compile more Swift files than
    /// the package, most of the package's among them, when the package is set aside: the
    /// workspace builds the repository, and the package describes a part of it or a release
    /// (player-ui's describes the zip it publishes, in which each folder holds only its sources;
    /// UmbraCore's kept 17 of the 164 modules its BUILD files make).
    /// Otherwise the workspace is what builds the repository, and a `Package.swift` in a folder
    /// that is also a Bazel package (kept for Xcode previews, or read by
    /// rules_swift_package_manager) is set aside. Either way, one note per workspace says how
    /// many files were.
    static func setAsidePackagesOfBazel(_ manifests: inout [Manifest], diagnostics: inout [Diagnostic], files: [String]) {
        guard manifests.contains(where: { $0.system == .bazel }) else { return }
        let all = Set(files)
        func marker(_ manifest: Manifest) -> String? { BazelWorkspace.marker(of: manifest.path, files: all) }
        /// Removes the manifests `picked` and within a workspace, with one note per workspace.
        func setAside(_ picked: (Manifest) -> Bool, note: (String, [String]) -> String) {
            var byMarker: [String: [String]] = [:]
            manifests.removeAll { manifest in
                guard picked(manifest), let marker = marker(manifest) else { return false }
                byMarker[marker, default: []].append(manifest.path)
                return true
            }
            for marker in byMarker.keys.sorted() {
                diagnostics.append(Diagnostic(file: marker, message: note(marker, byMarker[marker]!), isNote: true))
            }
        }
        // The workspaces whose root folder holds a package, and those of them whose BUILD files
        // compile more: how many Swift files each compiles (swift-syntax's BUILD files 535 of its
        // package's 548, Yams' the same 43).
        var packageWorkspaces: Set<String> = []
        var widerWorkspaces: [String: (package: Int, bazel: Int)] = [:]
        for manifest in manifests {
            guard manifest.system == .swiftpm, !manifest.guessed, !manifest.targets.isEmpty, let workspace = marker(manifest),
                RepositoryPath.folder(of: workspace) == manifest.directory
            else { continue }
            let package = swiftFiles(of: manifest, files: files)
            let bazel = Set(manifests.lazy.filter { $0.system == .bazel && marker($0) == workspace }.flatMap(\.targets).flatMap { target in
                guard case .files(_, let paths) = target.sources else { return [String]() }
                return paths.filter(\.hasSwiftExtension)
            })
            if !package.isEmpty, bazel.count > package.count, bazel.intersection(package).count * 2 >= package.count {
                widerWorkspaces[workspace] = (package.count, bazel.count)
            } else {
                packageWorkspaces.insert(workspace)
            }
        }
        setAside({ manifest in
            manifest.system == .swiftpm && !manifest.guessed
                && marker(manifest).map { widerWorkspaces[$0] != nil && RepositoryPath.folder(of: $0) == manifest.directory } == true
        }) { marker, _ in
            let counts = widerWorkspaces[marker]!
            return "a Bazel workspace whose BUILD files compile more Swift files (\(counts.bazel)) than its Package.swift (\(counts.package)): the package is set aside, the BUILD files are read"
        }
        setAside({ $0.system == .bazel && marker($0).map(packageWorkspaces.contains) == true }) { _, paths in
            "a Swift package that also builds with Bazel: its Package.swift is read, \(counted(paths, "BUILD file")) not"
        }
        let bazelFolders = Set(manifests.lazy.filter { $0.system == .bazel }.map(\.directory))
        setAside({ $0.system == .swiftpm && bazelFolders.contains($0.directory) }) { _, paths in
            "\(counted(paths, "Package.swift file")) set aside: the Bazel packages of their folders describe them"
        }
        // An Xcode project rules_xcodeproj made from the workspace's targets (its bundle holds
        // the `rules_xcodeproj` folder of the scripts its builds run Bazel with) describes them
        // again, with Bazel's generated files among their sources.
        setAside({ $0.system == .xcode && madeByRulesXcodeproj($0.path, files: files) }) { _, paths in
            "\(counted(paths, "Xcode project")) set aside: rules_xcodeproj made them from the Bazel targets, which are read"
        }
    }

    /// The Swift files a package's targets compile, as SwiftPM lays them out (`directory(of:)`,
    /// `includes`).
    static func swiftFiles(of manifest: Manifest, files: [String]) -> Set<String> {
        var directories: Set<String> = []
        for file in files {
            var folder = RepositoryPath.folder(of: file)
            while !folder.isEmpty, directories.insert(folder).inserted { folder = RepositoryPath.folder(of: folder) }
        }
        let swift = files.filter(\.hasSwiftExtension)
        var result: Set<String> = []
        for target in manifest.targets {
            guard let directory = directory(of: target, in: manifest, directories: directories) else { continue }
            for file in swift.sortedRun(withPrefix: directory.isEmpty ? "" : directory + "/")
            where includes(file, target: target, directory: directory) {
                result.insert(file)
            }
        }
        return result
    }

    /// Whether the `.xcodeproj` of the pbxproj at `path` holds a `rules_xcodeproj` folder
    /// (`files` sorted).
    static func madeByRulesXcodeproj(_ path: String, files: [String]) -> Bool {
        !files.sortedRun(withPrefix: RepositoryPath.folder(of: path) + "/rules_xcodeproj/").isEmpty
    }

    /// `1 BUILD file (a/BUILD) is`, `3 BUILD files (a/BUILD, ...) are`.
    private static func counted(_ paths: [String], _ noun: String) -> String {
        let first = paths.sorted()[0]
        return paths.count == 1 ? "1 \(noun) (\(first)) is" : "\(paths.count) \(noun)s (\(first), ...) are"
    }
}
