import StrataModel
import StrataRuby
import StrataSourceTree

/// Reads a CocoaPods `Podfile` statically; never runs Ruby.
///
/// Each concrete target becomes a target that amends the Xcode target of the same name
/// with its pods (else it takes the files of `<Podfile folder>/<Target>/`), and carries the
/// linkage its `use_frameworks!` gives the pods it pulls in: dynamic frameworks, static ones
/// with `:linkage => :static`, and static libraries without `use_frameworks!`.
public enum PodfileReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool {
        path == "Podfile" || path.hasSuffix("/Podfile")
    }

    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] {
        [read(try tree.read(path), path: path, rootName: tree.name)]
    }

    /// The manifest of one Podfile's bytes; `rootName` names a Podfile at the root.
    public static func read(_ source: [UInt8], path: String, rootName: String) -> Manifest {
        let script = PodfileScript.read(source, path: path)
        var diagnostics = script.diagnostics
        let directory = RepositoryPath.folder(of: path)
        var targets: [Manifest.Target] = []
        for (index, definition) in script.definitions.enumerated() where !definition.isAbstract {
            let parentIsTarget = definition.parent.map { !script.definitions[$0].isAbstract } ?? false
            let isTest = definition.name.hasSuffix("Tests")
                || (parentIsTarget && definition.inheritance == .searchPaths)
            let evidence = Location(file: path, line: definition.line)
            targets.append(Manifest.Target(
                name: definition.name, kind: isTest ? .test : .app,
                linkage: Linkage(.executable, evidence: evidence, reason: isTest ? "Podfile target: a test bundle" : "Podfile target: an app"),
                sources: .amends(fallback: [Manifest.join(directory, definition.name) + "/**"]),
                dependencies: script.pods(of: index),
                podLinkage: script.frameworks(of: index)
                    ?? Linkage(.static, evidence: evidence, reason: "no use_frameworks!: pods are static libraries"),
                line: definition.line))
        }
        if targets.isEmpty, !script.definitions[0].pods.isEmpty {
            diagnostics.append(Diagnostic(
                file: path, message: "pods declared outside any target, and the Podfile has no target: no module uses them"))
        }
        let name = directory.isEmpty ? rootName : RepositoryPath.name(of: directory)
        return Manifest(
            name: name, system: .cocoapods, path: path, localDependencies: script.localPods.sorted(),
            remoteDependencies: script.remotePods.sorted(), targets: targets, diagnostics: diagnostics)
    }
}
