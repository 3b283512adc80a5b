import StrataManifestEvaluator
import StrataModel
import StrataSourceTree

/// Reads Tuist `Project.swift` manifests statically, Tuist 3 (`Target(...)`) and Tuist 4
/// (`.target(...)`) alike, with the declarations of `Tuist/ProjectDescriptionHelpers` and local
/// plugins in scope, as Tuist compiles them. Never runs them.
///
/// Targets come from the project's `targets:` whatever builds them (helpers, enums with
/// `switch self`, `map`/`flatMap`); linkage from `product:`, with the line that wrote it.
/// What cannot be evaluated is warned about with its file and line, and the project's
/// folders then stand in for the targets it would have made (see `TuistConvention`).
/// `Workspace.swift` is not needed (every `Project.swift` is read) and `Tuist/Package.swift`
/// is an ordinary SwiftPM manifest: `.external(name:)` names its products.
public enum TuistProjectReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool {
        // Every file of the tree comes through here: the cheap test first.
        guard path == "Project.swift" || path.hasSuffix("/Project.swift") else { return false }
        let parts = path.split(separator: "/")
        return parts.last == "Project.swift" && !parts.dropLast().contains("Tuist")
    }

    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] {
        let source = try tree.read(path)
        // A `Project.swift` that does not import ProjectDescription is app code that happens to
        // be named so (a `Project` model type), not a manifest.
        guard source.containsASCII("import ProjectDescription") else { return [] }
        let layout = TuistLayout(manifest: path, files: files)
        var sources = [(path: path, source: source)]
        var unread: [Diagnostic] = []
        for helper in layout.helpers {
            do {
                sources.append((helper, try tree.read(helper)))
            } catch {
                unread.append(Diagnostic(file: helper, message: "Tuist helper not read: \(error)"))
            }
        }
        var manifest = read(sources, layout: layout, files: files)
        manifest.diagnostics = (unread + manifest.diagnostics).sorted()
        return [manifest]
    }

    /// The types Tuist's own functions take, by argument label: what an implicit member
    /// written there (`.feature(...)` in `targets:`) belongs to.
    static let argumentTypes: [String: String] = [
        "targets": "Target", "dependencies": "TargetDependency", "product": "Product", "path": "Path",
        "sources": "SourceFilesList", "resources": "ResourceFileElements", "packages": "Package",
        "destinations": "Destinations", "platform": "Platform", "settings": "Settings", "infoPlist": "InfoPlist",
        "schemes": "Scheme", "deploymentTargets": "DeploymentTargets", "deploymentTarget": "DeploymentTarget",
        "scripts": "TargetScript", "options": "Options", "configurations": "Configuration",
    ]

    /// Reads a manifest given its text (`sources[0]`) and its helpers'.
    static func read(_ sources: [(path: String, source: [UInt8])], layout: TuistLayout, files: [String]) -> Manifest {
        let path = sources[0].path
        let evaluator = ManifestEvaluator(sources: sources, argumentTypes: argumentTypes)
        let swiftFiles = files.filter(\.hasSwiftExtension)
        var reader = TuistTargetReader(evaluator: evaluator, path: path, layout: layout, swiftFiles: swiftFiles)
        for (line, reason) in evaluator.problems { reader.warn(at: line, reason) }
        for (line, reason) in evaluator.skipped { reader.warn(at: line, reason + "; targets it defines are missing") }
        for (line, reason) in evaluator.assumptions { reader.warn(at: line, reason) }
        if let (line, message) = evaluator.environmentNote { reader.warn(at: line, message, note: true) }

        let folderName = layout.directory.isEmpty ? "Project" : RepositoryPath.name(of: layout.directory)
        var targets: [Manifest.Target] = []
        var notUnderstood: (construct: String, line: Int?)?
        var name = folderName
        var local: [String] = [], remote: [String] = []

        if let project = project(in: evaluator, reader: &reader, notUnderstood: &notUnderstood) {
            name = project["name"]?.string ?? folderName
            if project["name"]?.string == nil {
                let reason = project["name"]?.unknownReason
                reader.warn(at: reason?.line ?? project.line, "the project's name could not be evaluated (\(reason?.reason ?? "not a string")); the folder name \(folderName) is used")
            }
            for element in reader.list(project["targets"], "targets", at: project.line) {
                if case .call(let call) = element, TuistTargetReader.isTarget(call) {
                    if var target = reader.target(call) {
                        target.languageMode = target.languageMode ?? TuistTargetReader.languageMode(project["settings"])
                        target.features = target.features ?? TuistTargetReader.features(project["settings"])
                        targets.append(target)
                    } else {
                        notUnderstood = notUnderstood ?? ("the name of a target", call.line)
                    }
                } else {
                    let construct = element.unknownReason?.reason ?? "`\(element.call.map { "\($0.name)(...)" } ?? "a value")` is not a Target"
                    let line = element.unknownReason?.line ?? element.call?.line ?? project.line
                    reader.warn(at: line, "a target could not be evaluated (\(construct))")
                    notUnderstood = notUnderstood ?? (construct, line)
                }
            }
            if case .unknown(let reason, let line)? = project["targets"] { notUnderstood = notUnderstood ?? (reason, line) }
            for package in project["packages"]?.array ?? [] {
                guard let call = package.call else { continue }
                if let url = call["url"]?.string {
                    remote.append(PackageIdentity.name(ofLocation: url) ?? "")
                } else if let packagePath = call["path"].flatMap(reader.path) {
                    local.append(RepositoryPath.name(of: packagePath))
                }
            }
        }

        if let (construct, line) = notUnderstood {
            targets += guessedTargets(besides: targets, projectName: name, files: files, reader: &reader, construct: construct, line: line)
        }
        return Manifest(
            name: name, system: .tuist, path: path, localDependencies: local.sorted(), remoteDependencies: remote.sorted(),
            targets: targets, diagnostics: reader.diagnostics.sorted())
    }

    /// The manifest's `Project(...)`: the `project` constant, else any constant holding one.
    private static func project(
        in evaluator: ManifestEvaluator, reader: inout TuistTargetReader, notUnderstood: inout (construct: String, line: Int?)?
    ) -> ManifestCall? {
        let candidates = evaluator.variables.sorted { $0.key < $1.key }
        if let found = ([evaluator.variables["project"]].compactMap { $0 } + candidates.map(\.value)).lazy.compactMap(\.call).first(where: { $0.name == "Project" }) {
            return found
        }
        if case .call(let other)? = evaluator.variables["project"] {
            let reason = "`\(other.name)(...)` is not a Project the manifest's helpers make"
            reader.warn(at: other.line, "the project could not be evaluated (\(reason))")
            notUnderstood = (reason, other.line)
        } else if let (reason, line) = (evaluator.variables["project"] ?? candidates.first { $0.value.unknownReason != nil }?.value)?.unknownReason {
            reader.warn(at: line, "the project could not be evaluated (\(reason))")
            notUnderstood = (reason, line)
        } else {
            reader.warn(at: nil, "no `let project = Project(...)` found; the manifest was not understood")
            notUnderstood = ("no `let project = Project(...)`", nil)
        }
        return nil
    }

    /// Targets from the project's folders that no evaluated target covers, each with a
    /// warning naming what was not understood.
    private static func guessedTargets(
        besides evaluated: [Manifest.Target], projectName: String, files: [String], reader: inout TuistTargetReader,
        construct: String, line: Int?
    ) -> [Manifest.Target] {
        let swiftFiles = reader.swiftFiles
        var covered: Set<String> = []
        for target in evaluated {
            guard case .globs(let include, let exclude) = target.sources else { continue }
            covered.formUnion(Discoverer.files(in: swiftFiles, matching: include, excluding: exclude))
        }
        let taken = Set(evaluated.map(\.name))
        let at = line.map { reader.location($0) }
        let manifestLine = at?.file == reader.path ? at?.line : nil
        let place = at.map { " at \($0.file):\($0.line.map(String.init) ?? "?")" } ?? ""
        var guessed: [Manifest.Target] = []
        for guess in TuistConvention.guesses(in: reader.layout.directory, projectName: projectName, files: files) where !taken.contains(guess.name) {
            let folderFiles = swiftFiles.sortedRun(withPrefix: guess.folder + "/")
            guard !folderFiles.isEmpty, !folderFiles.allSatisfy(covered.contains) else { continue }
            reader.warn(at: manifestLine, "target \(guess.name) guessed from folder \(guess.folder): \(construct)\(place) was not understood")
            guessed.append(Manifest.Target(
                name: guess.name, kind: guess.kind,
                linkage: Linkage(.unknown, evidence: Location(file: reader.path, line: manifestLine), reason: "guessed from folder \(guess.folder); product not evaluated"),
                sources: .globs(include: [guess.folder + "/**"], exclude: []), line: manifestLine ?? 0))
        }
        return guessed
    }
}

extension [UInt8] {
    /// Whether the bytes contain an ASCII text.
    func containsASCII(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= count, let first = needle.first else { return needle.isEmpty }
        var index = 0
        while index + needle.count <= count {
            if self[index] == first, self[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
