#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel
import StrataSourceTree
import StrataStarlark

/// Other repositories whose `.bzl` files are at hand, so that the macros a workspace loads from
/// them (player-ui's `ios_pipeline` of `@rules_player`, which makes its `swift_library` and
/// tests) are evaluated rather than recorded as rules of their own. Where a repository's files
/// are, in order:
///
/// 1. a folder the workspace names for it: `local_path_override(module_name = ..., path = ...)`
///    in `MODULE.bazel` (for a `bazel_dep`'s `repo_name` too), `local_repository(name = ...,
///    path = ...)` in `WORKSPACE`; inside the repository it is read from the same tree (a git
///    revision's too), outside it from disk, for a working directory only, and only a folder
///    with a marker file of its own (`MODULE.bazel`, `WORKSPACE`, ...);
/// 2. Bazel's output base, as the working directory's convenience link (`bazel-<folder>`) leads
///    to it: `external/<name>` as Bazel names a fetched repository (`rules_player+` since Bazel
///    8, `rules_player~` before, `rules_player` for `WORKSPACE`), as `.build/checkouts` is
///    read for a Swift package's dependencies once they are checked out.
///
/// The rule sets whose rules Strata reads by their names (rules_swift, rules_apple, rules_ios,
/// rules_pkg, ...) stay stubs, wherever their files are and however a label spells them
/// (`@@rules_swift+`): reading their own macros would name the rules otherwise. Only `.bzl`
/// files are read from another repository, and none through a link leading out of it. The
/// files read from disk are `inputs`, which a kept result's digest covers.
final class BazelExternalRepositories {
    /// Rule sets read by their rules' names (or Bazel's own), by module and by their usual
    /// repository names.
    static let ruleSets: Set<String> = [
        "rules_swift", "build_bazel_rules_swift", "rules_apple", "build_bazel_rules_apple", "rules_ios",
        "build_bazel_rules_ios", "apple_support", "build_bazel_apple_support", "rules_xcodeproj",
        "com_github_buildbuddy_io_rules_xcodeproj", "rules_cc", "bazel_skylib", "platforms", "rules_pkg",
        "rules_proto", "protobuf", "com_google_protobuf", "rules_swift_package_manager", "rules_shell", "rules_python",
        "rules_java", "rules_kotlin", "io_bazel_rules_kotlin", "rules_license", "bazel_features", "aspect_bazel_lib",
        "rules_nodejs", "aspect_rules_js", "rules_go", "io_bazel_rules_go", "gazelle", "bazel_gazelle", "bazel_tools",
    ]

    private let workspace: BazelWorkspace
    private let tree: any SourceTree
    /// Every file of the tree, sorted.
    private let files: [String]
    /// Repository name → the folder the workspace names for it (from the workspace's folder).
    private var declared: [String: String] = [:]
    /// Repository name a label uses → the module's name (`bazel_dep(name = "rules_apple",
    /// repo_name = "build_bazel_rules_apple")`).
    private var moduleNames: [String: String] = [:]
    /// The output base's `external` folder.
    private lazy var outputBase: String? = findOutputBase()
    /// The repositories a file was read from, by name: where from, for the note.
    private(set) var read: [String: String] = [:]
    /// The files read from disk, outside the tree, each `@repository//path` and its content hash.
    private(set) var inputs: [String] = []

    /// - Parameter markers: the texts of the workspace's marker files.
    init(workspace: BazelWorkspace, tree: any SourceTree, files: [String], markers: [String]) {
        self.workspace = workspace
        self.tree = tree
        self.files = files
        for text in markers {
            for call in Self.calls(["bazel_dep", "local_path_override", "local_repository"], in: text) {
                switch call.name {
                case "bazel_dep":
                    if let name = call.arguments["name"] { moduleNames[call.arguments["repo_name"] ?? name] = name }
                case "local_path_override":
                    if let name = call.arguments["module_name"], let path = call.arguments["path"] { declared[name] = path }
                default:
                    if let name = call.arguments["name"], let path = call.arguments["path"] { declared[name] = path }
                }
            }
        }
    }

    /// The host of a repository a label names, or nil when its files are not at hand, it is a
    /// rule set read by name, or its name is not one a repository can have.
    func host(for name: String) -> (any StarlarkHost)? {
        guard name.wholeMatch(of: /[A-Za-z0-9_][A-Za-z0-9._+~-]*/) != nil else { return nil }
        let module = moduleNames[name] ?? name
        // `@@rules_swift+`, `@@rules_swift~2.1.1`: the canonical names of a rule set.
        let bare = [name, module].map { String($0.prefix { $0 != "+" && $0 != "~" }) }
        guard !bare.contains(where: { Self.ruleSets.contains($0) || $0.hasPrefix("local_config_") }) else { return nil }
        if let path = declared[module] ?? declared[name], let host = declaredHost(path, repository: name) { return host }
        guard let external = outputBase else { return nil }
        // A local repository's folder there is a link to it: read from where it leads.
        for candidate in [name, module + "+", module + "~", module + "~override"] {
            guard let root = WorkingDirectoryTree.resolve(external + "/" + candidate), root != "/", WorkingDirectoryTree.isDirectory(root) else { continue }
            return DiskHost(root: root, repository: name, origin: "Bazel's output base (external/\(candidate))", recorder: self)
        }
        return nil
    }

    /// The host of a folder the workspace names: in the tree when inside it, else on disk.
    private func declaredHost(_ path: String, repository: String) -> (any StarlarkHost)? {
        if !path.hasPrefix("/"), let folder = RepositoryPath.joined(workspace.root, path) {
            guard !folder.isEmpty, !files.sortedRun(withPrefix: folder + "/").isEmpty else { return nil }
            return TreeHost(tree: tree, files: files, folder: folder, repository: repository, recorder: self)
        }
        guard let directory = tree.workingDirectory else { return nil }
        let absolute = path.hasPrefix("/") ? path : directory.rootPath + "/" + workspace.repositoryPath(path)
        guard let real = WorkingDirectoryTree.resolve(absolute), real != "/", WorkingDirectoryTree.isDirectory(real),
              BazelWorkspace.markers.contains(where: { WorkingDirectoryTree.isFile(real + "/" + $0) }) else { return nil }
        return DiskHost(root: real, repository: repository, origin: path, recorder: self)
    }

    /// The output base's `external` folder, found through a `bazel-*` link of the workspace's
    /// folder leading into `<output base>/execroot/...` (the one named after the folder first).
    private func findOutputBase() -> String? {
        guard let directory = tree.workingDirectory else { return nil }
        let folder = workspace.root.isEmpty ? directory.rootPath : directory.rootPath + "/" + workspace.root
        guard let entries = WorkingDirectoryTree.entries(of: folder) else { return nil }
        let own = "bazel-" + RepositoryPath.name(of: directory.resolvedRootPath + (workspace.root.isEmpty ? "" : "/" + workspace.root))
        let links = entries.filter { $0.hasPrefix("bazel-") }.sorted { ($0 == own ? 0 : 1, $0) < ($1 == own ? 0 : 1, $1) }
        for link in links {
            guard let resolved = WorkingDirectoryTree.resolve(folder + "/" + link) else { continue }
            let parts = resolved.split(separator: "/", omittingEmptySubsequences: false)
            guard let execroot = parts.lastIndex(of: "execroot"), execroot > 1 else { continue }
            let external = parts[..<execroot].joined(separator: "/") + "/external"
            if WorkingDirectoryTree.isDirectory(external) { return external }
        }
        return nil
    }

    /// Notes a file read from a repository, found at `origin`; from disk with its bytes.
    fileprivate func record(_ repository: String, origin: String, _ path: String, disk bytes: [UInt8]?) {
        read[repository] = origin
        if let bytes { inputs.append("@\(repository)//\(path) \(ContentHash(bytes))") }
    }

    /// One call of a marker file (`bazel_dep(name = "x", repo_name = "y")`) and its string
    /// keyword arguments.
    struct Call {
        var name: String
        var arguments: [String: String]
    }

    /// The calls of `names` in a marker file's text, with their string keyword arguments
    /// (comments and other values ignored).
    static func calls(_ names: [String], in text: String) -> [Call] {
        var result: [Call] = []
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.firstIndex(of: "#").map { line[..<$0] } ?? line[...]) }.joined(separator: "\n")
        for match in code.matches(of: /(?m)^[ \t]*([a-z_]+)[ \t]*\(([^()]*)\)/) {
            let name = String(match.output.1)
            guard names.contains(name) else { continue }
            var arguments: [String: String] = [:]
            for argument in match.output.2.matches(of: /([a-z_]+)\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)')/) {
                arguments[String(argument.output.1)] = String(argument.output.2 ?? argument.output.3 ?? "")
            }
            result.append(Call(name: name, arguments: arguments))
        }
        return result
    }

    /// A repository inside the analyzed tree: its `.bzl` files among the tree's.
    private struct TreeHost: StarlarkHost {
        let tree: any SourceTree
        /// Every file of the tree, sorted.
        let files: [String]
        /// The repository's folder from the tree's root.
        let folder: String
        let repository: String
        let recorder: BazelExternalRepositories

        func contents(ofFile path: String) -> String? {
            let file = folder + "/" + path
            guard path.hasSuffix(".bzl"), files.containsSorted(file), let bytes = try? tree.read(file) else { return nil }
            recorder.record(repository, origin: folder, path, disk: nil)
            return String(validating: bytes, as: UTF8.self)
        }

        func files(inPackage package: String) -> [String] { [] }
    }

    /// A repository on disk, outside the analyzed tree: only its `.bzl` files are read, none
    /// whose real path leaves its folder (`root`, links resolved), and each is recorded.
    private struct DiskHost: StarlarkHost {
        /// The repository's folder, its links resolved.
        let root: WorkingDirectoryTree
        let repository: String
        /// Where it was found, for the note.
        let origin: String
        let recorder: BazelExternalRepositories

        init(root: String, repository: String, origin: String, recorder: BazelExternalRepositories) {
            self.root = WorkingDirectoryTree(rootPath: root)
            self.repository = repository
            self.origin = origin
            self.recorder = recorder
        }

        func contents(ofFile path: String) -> String? {
            let folder = root.resolvedRootPath + "/"
            guard path.hasSuffix(".bzl"), !path.split(separator: "/").contains(".."),
                  let real = WorkingDirectoryTree.resolve(folder + path), real.hasPrefix(folder),
                  let bytes = try? root.read(String(real.dropFirst(folder.count)))
            else { return nil }
            recorder.record(repository, origin: origin, path, disk: bytes)
            return String(validating: bytes, as: UTF8.self)
        }

        func files(inPackage package: String) -> [String] { [] }
    }
}
