import StrataModel
import StrataSourceTree

/// A Bazel workspace of the repository: the folder of its marker file and the packages (folders
/// with a BUILD file) under it, nested workspaces' left out. Paths Starlark sees are relative to
/// the workspace's folder; Strata's are relative to the repository's root.
struct BazelWorkspace {
    /// The files that make a folder a workspace, the one read first when a folder has several.
    static let markers = ["MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE", "REPO.bazel"]
    /// A package's BUILD file names, the one Bazel prefers first.
    static let buildFileNames = BuildSystem.bazelBuildFileNames

    /// The marker file read, from the repository's root.
    var marker: String
    /// The workspace's folder, from the repository's root ("" for the root).
    var root: String
    /// The workspace's files, relative to its folder, sorted (nested workspaces' included: a
    /// glob may list them, as Bazel's would).
    var files: [String]
    /// Each package's BUILD file, relative to the workspace's folder, in path order.
    var buildFiles: [String]

    /// The workspace `marker` makes; nil when another marker of its folder is read instead.
    /// - Parameter ignored: the folders `.bazelignore` lists, relative to the workspace's folder.
    init?(marker: String, files all: [String], ignored: [String] = []) {
        let root = RepositoryPath.folder(of: marker)
        let name = RepositoryPath.name(of: marker)
        let siblings = Set(all.lazy.filter { RepositoryPath.folder(of: $0) == root }.map(RepositoryPath.name(of:)))
        guard let first = Self.markers.first(where: siblings.contains), first == name else { return nil }
        self.marker = marker
        self.root = root
        let prefix = root.isEmpty ? "" : root + "/"
        files = (root.isEmpty ? all[...] : all.sortedRun(withPrefix: prefix)).map { String($0.dropFirst(prefix.count)) }
        // Bazel reads neither nested workspaces nor ignored folders as packages of this one.
        let nested = Set(files.filter { Self.markers.contains(RepositoryPath.name(of: $0)) }.map(RepositoryPath.folder(of:)))
            .subtracting([""]).union(ignored)
        var chosen: [String: String] = [:]
        for file in files where Self.buildFileNames.contains(RepositoryPath.name(of: file)) {
            let folder = RepositoryPath.folder(of: file)
            guard !Self.ancestors(of: folder).contains(where: nested.contains) else { continue }
            if chosen[folder] == nil || RepositoryPath.name(of: file) == "BUILD.bazel" { chosen[folder] = file }
        }
        buildFiles = chosen.values.sorted()
    }

    /// The names the main repository goes by in its own labels and loads: `MODULE.bazel`'s
    /// `module(name = ..., repo_name = ...)` and `WORKSPACE`'s `workspace(name = ...)`
    /// (`@build_bazel_rules_ios//rules:framework.bzl` within rules_ios is `//rules:framework.bzl`).
    static func repositoryNames(in marker: String) -> Set<String> {
        var names: Set<String> = []
        for call in ["module(", "workspace("] {
            guard let start = marker.hasPrefix(call) ? marker.firstRange(of: call) : marker.firstRange(of: "\n" + call) else { continue }
            let arguments = marker[start.upperBound...].prefix { $0 != ")" }
            for match in arguments.matches(of: /(?:^|[\s,(])(?:repo_name|name)\s*=\s*["']([^"'\n]+)["']/) {
                names.insert(String(match.output.1))
            }
        }
        return names
    }

    /// The folders a `.bazelignore` lists: one path a line, `#` comments and blank lines skipped.
    static func ignoredFolders(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let path = line.trimmingPrefix(while: \.isWhitespace).prefix { $0 != "#" }
            let trimmed = String(path.reversed().drop(while: { $0.isWhitespace || $0 == "/" }).reversed())
            return trimmed.isEmpty ? nil : Manifest.join("", trimmed)
        }
    }

    /// A path relative to the workspace's folder, from the repository's root.
    func repositoryPath(_ path: String) -> String {
        root.isEmpty ? path : path.isEmpty ? root : root + "/" + path
    }

    /// The folder itself and those above it, up to "" (the workspace's root).
    static func ancestors(of folder: String) -> [String] {
        var result = [folder]
        var current = folder
        while !current.isEmpty {
            current = RepositoryPath.folder(of: current)
            result.append(current)
        }
        return result
    }

    /// Whether discovery reads the file for Bazel: a marker, a BUILD file, a `.bzl` file or a
    /// `.bazelignore`.
    static func readsFile(_ path: String) -> Bool {
        let name = RepositoryPath.name(of: path)
        return markers.contains(name) || buildFileNames.contains(name) || name.hasSuffix(".bzl") || name == ".bazelignore"
    }

    /// The marker of the innermost workspace holding `path` (from the repository's root), among
    /// the repository's `files`; nil outside every workspace.
    static func marker(of path: String, files: Set<String>) -> String? {
        for folder in ancestors(of: RepositoryPath.folder(of: path)) {
            let prefix = folder.isEmpty ? "" : folder + "/"
            if let marker = markers.first(where: { files.contains(prefix + $0) }) { return prefix + marker }
        }
        return nil
    }
}
