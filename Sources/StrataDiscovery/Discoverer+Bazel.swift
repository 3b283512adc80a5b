import StrataModel

/// Where Bazel and SwiftPM describe the same folder.
extension Discoverer {
    /// A `Package.swift` in a folder that is also a Bazel package describes what the BUILD file
    /// does (a package kept buildable with `swift build`, or read by rules_swift_package_manager):
    /// the BUILD file is what the workspace builds, so the package is set aside, with one note
    /// per workspace saying how many were.
    static func setAsidePackagesOfBazel(_ manifests: inout [Manifest], diagnostics: inout [Diagnostic], files: [String]) {
        let bazelFolders = Set(manifests.lazy.filter { $0.system == .bazel }.map(\.directory))
        guard !bazelFolders.isEmpty else { return }
        let all = Set(files)
        var setAside: [String: [String]] = [:]
        manifests.removeAll { manifest in
            guard manifest.system == .swiftpm, bazelFolders.contains(manifest.directory),
                let marker = BazelWorkspace.marker(of: manifest.path, files: all)
            else { return false }
            setAside[marker, default: []].append(manifest.path)
            return true
        }
        for (marker, paths) in setAside {
            let count = paths.count == 1 ? "1 Package.swift (\(paths[0])) is" : "\(paths.count) Package.swift files (\(paths.sorted()[0]), ...) are"
            diagnostics.append(Diagnostic(
                file: marker, message: "\(count) set aside: the Bazel packages of their folders describe them", isNote: true))
        }
    }
}
