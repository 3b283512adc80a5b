import StrataModel
import StrataSourceTree
import StrataStarlark

/// Bazel workspaces, read without Bazel: the reader takes a workspace's marker (`MODULE.bazel`,
/// `WORKSPACE.bazel`, `WORKSPACE`, `REPO.bazel`; the first when a folder has several) and
/// evaluates every BUILD file of the workspace with one Starlark interpreter, so that a `.bzl`
/// file is evaluated once however many BUILD files load it. Each BUILD file is one manifest
/// (system `bazel`): its rules_swift, rules_apple, rules_ios, `objc_library` and `cc_library`
/// targets, their files and their dependencies by label. BUILD files outside every workspace
/// are not read; nested workspaces are read from their own markers.
public enum BazelReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool {
        BazelWorkspace.markers.contains(RepositoryPath.name(of: path))
    }

    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] {
        let folder = RepositoryPath.folder(of: path)
        let ignored = text(folder.isEmpty ? ".bazelignore" : folder + "/.bazelignore", in: tree).map(BazelWorkspace.ignoredFolders) ?? []
        guard let workspace = BazelWorkspace(marker: path, files: files, ignored: ignored) else { return [] }
        // Every marker of the workspace's folder names it (rules_ios: MODULE.bazel's repo_name
        // and WORKSPACE's name).
        let markers = BazelWorkspace.markers.map { folder.isEmpty ? $0 : folder + "/" + $0 }.filter { files.containsSorted($0) }
            .compactMap { text($0, in: tree) }
        let mainRepositories = markers.reduce(into: Set<String>()) { $0.formUnion(BazelWorkspace.repositoryNames(in: $1)) }
        let external = BazelExternalRepositories(workspace: workspace, tree: tree, files: files, markers: markers)
        let interpreter = StarlarkInterpreter(
            host: BazelTreeHost(tree: tree, workspace: workspace), mainRepositoryNames: mainRepositories, externalHost: external.host(for:))
        var packages = workspace.buildFiles.map { evaluate($0, in: workspace, tree: tree, interpreter: interpreter) }
        // Before the notes: what another repository's macros did not evaluate may have left out
        // targets of this workspace's BUILD files, as the workspace's own problems may.
        let whole = packages.allSatisfy { $0.unread == nil && $0.package.diagnostics.isEmpty }
        if !external.read.isEmpty, !packages.isEmpty {
            packages[0].package.diagnostics += notes(reading: external.read, in: &packages, marker: path)
        }
        let index = BazelIndex(packages.map(\.package), mainRepositories: mainRepositories, whole: whole)
        let root = RepositoryPath.name(of: workspace.root.isEmpty ? tree.name : workspace.root)
        var manifests = packages.map { evaluated in
            if let unread = evaluated.unread { return unread }
            var reader = BazelTargetReader(workspace: workspace, index: index, package: evaluated.package)
            let targets = reader.targets()
            return manifest(evaluated.package, targets: targets, skipped: reader.skippedSources, guessed: reader.guessedRules, root: root)
        }
        if !manifests.isEmpty { manifests[0].externalInputs = external.inputs.sorted() }
        return manifests
    }

    /// The manifest of one BUILD file, named by its package's path (the workspace's folder's
    /// name for the root package), with one note for the sources it could not read and one
    /// for the rules of other repositories whose targets were taken for Swift modules.
    private static func manifest(
        _ package: BazelPackage, targets: [Manifest.Target], skipped: [String], guessed: [String], root: String
    ) -> Manifest {
        var diagnostics = package.diagnostics
        if !guessed.isEmpty {
            let kinds = Set(guessed).sorted().map { $0 + "()" }
            let count = guessed.count == 1 ? "1 target" : "\(guessed.count) targets"
            let verb = kinds.count == 1 ? "is" : "are"
            diagnostics.append(Diagnostic(
                file: package.buildFile,
                message: "\(kinds.joined(separator: ", ")) of another repository \(verb) not read here: \(count) with Swift sources read as Swift modules",
                isNote: true))
        }
        if let first = skipped.first {
            let more = skipped.count > 1 ? " and \(skipped.count - 1) more" : ""
            diagnostics.append(Diagnostic(
                file: package.buildFile, message: "sources that name targets or generated files (\(first)\(more)) are not read", isNote: true))
        }
        return Manifest(
            name: package.name.isEmpty ? root : package.name, system: .bazel, path: package.buildFile, targets: targets,
            diagnostics: diagnostics)
    }

    /// One note naming the other repositories whose macros were read and where from, and one a
    /// repository for what its own `.bzl` files did not evaluate (taken out of the packages'
    /// diagnostics: the workspace's authors cannot mend them, and its targets are still read).
    private static func notes(reading read: [String: String], in packages: inout [Evaluated], marker: String) -> [Diagnostic] {
        let sources = read.sorted { $0.key < $1.key }.map { "@\($0.key) from \($0.value)" }
        var notes = [Diagnostic(file: marker, message: "macros of other repositories read: \(sources.joined(separator: ", "))", isNote: true)]
        var foreign: [String: Set<Diagnostic>] = [:]
        for index in packages.indices {
            packages[index].package.diagnostics.removeAll { diagnostic in
                guard diagnostic.file.hasPrefix("@") else { return false }
                foreign[String(diagnostic.file.dropFirst().prefix { $0 != "/" }), default: []].insert(diagnostic)
                return true
            }
        }
        for (repository, diagnostics) in foreign.sorted(by: { $0.key < $1.key }) {
            let first = diagnostics.min()!
            let count = diagnostics.count == 1 ? "1 construct" : "\(diagnostics.count) constructs"
            notes.append(Diagnostic(
                file: marker, message: "@\(repository): \(count) of its .bzl files not evaluated (first: \(first.file):\(first.line ?? 0): \(first.message))",
                isNote: true))
        }
        return notes
    }

    /// A file's text, when the tree has it and it is UTF-8.
    private static func text(_ path: String, in tree: any SourceTree) -> String? {
        (try? tree.read(path)).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// A BUILD file evaluated, or the manifest that says why it could not be read.
    private struct Evaluated {
        var package: BazelPackage
        var unread: Manifest?
    }

    /// Evaluates the BUILD file at `buildFile` (relative to the workspace's folder).
    private static func evaluate(
        _ buildFile: String, in workspace: BazelWorkspace, tree: any SourceTree, interpreter: StarlarkInterpreter
    ) -> Evaluated {
        let path = workspace.repositoryPath(buildFile)
        let folder = RepositoryPath.folder(of: buildFile)
        let source: String
        do {
            guard let text = String(validating: try tree.read(path), as: UTF8.self) else {
                return unread(path, folder: folder, reason: "not valid UTF-8")
            }
            source = text
        } catch {
            return unread(path, folder: folder, reason: (error as? SourceTreeError)?.reason ?? "\(error)")
        }
        let result = interpreter.evaluateBuild(path: buildFile, source: source, package: folder)
        // Another repository's file is named by its label (`@rules_player//ios/defs.bzl`).
        let diagnostics = result.diagnostics.map { diagnostic in
            let file = diagnostic.location.file
            return Diagnostic(
                file: file.hasPrefix("@") ? file : workspace.repositoryPath(file), line: diagnostic.location.line, message: diagnostic.message)
        }
        return Evaluated(package: BazelPackage(
            name: folder, buildFile: path, rules: result.rules, diagnostics: diagnostics,
            lines: source.split(separator: "\n", omittingEmptySubsequences: false)))
    }

    /// A BUILD file that could not be read: a package with no rules, and a manifest saying why.
    private static func unread(_ path: String, folder: String, reason: String) -> Evaluated {
        let package = BazelPackage(name: folder, buildFile: path, rules: [], diagnostics: [], lines: [])
        let problem = Diagnostic(file: path, message: "BUILD file not read: \(reason)")
        return Evaluated(package: package, unread: Manifest(name: folder, system: .bazel, path: path, targets: [], diagnostics: [problem]))
    }
}
