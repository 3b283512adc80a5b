import StrataModel
import StrataSourceTree

/// Where Bazel and SwiftPM, or Bazel and the Xcode projects rules_xcodeproj makes, describe
/// the same folders.
extension Discoverer {
    /// One description per folder when a repository has both BUILD files and `Package.swift`s.
    /// A workspace whose root folder holds a `Package.swift` that declares targets is a Swift
    /// package that also builds with Bazel (swift-syntax, Yams): the package is what most of its
    /// users build, so its BUILD files are set aside. Otherwise the workspace is what builds the
    /// repository, and a `Package.swift` in a folder that is also a Bazel package (kept for Xcode
    /// previews, or read by rules_swift_package_manager) is set aside. Either way, one note per
    /// workspace says how many files were.
    static func setAsidePackagesOfBazel(_ manifests: inout [Manifest], diagnostics: inout [Diagnostic], files: [String]) {
        guard manifests.contains(where: { $0.system == .bazel }) else { return }
        let all = Set(files)
        func marker(_ manifest: Manifest) -> String? { BazelWorkspace.marker(of: manifest.path, files: all) }
        let packageWorkspaces = Set(manifests.compactMap { manifest -> String? in
            guard manifest.system == .swiftpm, !manifest.guessed, !manifest.targets.isEmpty, let marker = marker(manifest),
                RepositoryPath.folder(of: marker) == manifest.directory
            else { return nil }
            return marker
        })
        var builds: [String: [String]] = [:]
        manifests.removeAll { manifest in
            guard manifest.system == .bazel, let marker = marker(manifest), packageWorkspaces.contains(marker) else { return false }
            builds[marker, default: []].append(manifest.path)
            return true
        }
        for (marker, paths) in builds {
            diagnostics.append(Diagnostic(
                file: marker, message: "a Swift package that also builds with Bazel: its Package.swift is read, \(counted(paths, "BUILD file")) not",
                isNote: true))
        }
        let bazelFolders = Set(manifests.lazy.filter { $0.system == .bazel }.map(\.directory))
        var packages: [String: [String]] = [:]
        manifests.removeAll { manifest in
            guard manifest.system == .swiftpm, bazelFolders.contains(manifest.directory), let marker = marker(manifest) else { return false }
            packages[marker, default: []].append(manifest.path)
            return true
        }
        for (marker, paths) in packages {
            diagnostics.append(Diagnostic(
                file: marker, message: "\(counted(paths, "Package.swift file")) set aside: the Bazel packages of their folders describe them",
                isNote: true))
        }
        // An Xcode project rules_xcodeproj made from the workspace's targets (its bundle holds
        // the `rules_xcodeproj` folder of the scripts its builds run Bazel with) describes them
        // again, with Bazel's generated files among their sources.
        var generated: [String: [String]] = [:]
        manifests.removeAll { manifest in
            guard manifest.system == .xcode, let marker = marker(manifest), madeByRulesXcodeproj(manifest.path, files: files) else { return false }
            generated[marker, default: []].append(manifest.path)
            return true
        }
        for (marker, paths) in generated {
            diagnostics.append(Diagnostic(
                file: marker, message: "\(counted(paths, "Xcode project")) set aside: rules_xcodeproj made them from the Bazel targets, which are read",
                isNote: true))
        }
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
