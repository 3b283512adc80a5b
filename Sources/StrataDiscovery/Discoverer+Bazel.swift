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
        /// Removes the manifests `picked` and within a workspace, with one note per workspace.
        func setAside(_ picked: (Manifest) -> Bool, note: ([String]) -> String) {
            var byMarker: [String: [String]] = [:]
            manifests.removeAll { manifest in
                guard picked(manifest), let marker = marker(manifest) else { return false }
                byMarker[marker, default: []].append(manifest.path)
                return true
            }
            for marker in byMarker.keys.sorted() { diagnostics.append(Diagnostic(file: marker, message: note(byMarker[marker]!), isNote: true)) }
        }
        setAside({ $0.system == .bazel && marker($0).map(packageWorkspaces.contains) == true }) {
            "a Swift package that also builds with Bazel: its Package.swift is read, \(counted($0, "BUILD file")) not"
        }
        let bazelFolders = Set(manifests.lazy.filter { $0.system == .bazel }.map(\.directory))
        setAside({ $0.system == .swiftpm && bazelFolders.contains($0.directory) }) {
            "\(counted($0, "Package.swift file")) set aside: the Bazel packages of their folders describe them"
        }
        // An Xcode project rules_xcodeproj made from the workspace's targets (its bundle holds
        // the `rules_xcodeproj` folder of the scripts its builds run Bazel with) describes them
        // again, with Bazel's generated files among their sources.
        setAside({ $0.system == .xcode && madeByRulesXcodeproj($0.path, files: files) }) {
            "\(counted($0, "Xcode project")) set aside: rules_xcodeproj made them from the Bazel targets, which are read"
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
