import StrataModel
import StrataRuby
import StrataSourceTree

/// Reads CocoaPods `*.podspec` (Ruby) and `*.podspec.json` statically; never runs Ruby.
///
/// A pod is one module in CocoaPods: its subspecs' files and dependencies merge into it,
/// and a subspec's dependency on a sibling subspec (`Pod/Core` inside `Pod`) is not a
/// dependency of the module. Test and app specs become modules of their own, named as
/// CocoaPods names their targets (`Pod-Unit-Tests`, `Pod-App`). The linkage is the podspec's
/// only when it says `static_framework = true`; otherwise the Podfile's `use_frameworks!`
/// decides it (see `Discoverer.assignPodLinkage`).
public enum PodspecReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool {
        path.hasSuffix(".podspec") || path.hasSuffix(".podspec.json")
    }

    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] {
        [read(try tree.read(path), path: path, files: files)]
    }

    /// The manifest of one podspec's bytes; `files` (the tree's files) tells folders in
    /// `source_files` from file names.
    public static func read(_ source: [UInt8], path: String, files: [String]) -> Manifest {
        let (spec, diagnostics) = path.hasSuffix(".json")
            ? PodspecJSON.read(source, path: path) : PodspecScript.read(source, path: path)
        let directory = RepositoryPath.folder(of: path)
        guard let spec else {
            let name = RepositoryPath.name(of: path)
            return Manifest(name: name, system: .cocoapods, path: path, targets: [], diagnostics: diagnostics)
        }
        var warnings = diagnostics
        if let defaults = spec.defaultSubspecs {
            let known = spec.subspecNames
            for name in defaults where !known.contains(name) {
                warnings.append(Diagnostic(
                    file: path, line: spec.defaultSubspecsLine > 0 ? spec.defaultSubspecsLine : nil,
                    message: "default_subspec '\(name)' names no subspec of \(spec.name)"))
            }
        }

        let podName = spec.name
        let libraries = spec.librarySpecs
        var sources = Self.swiftGlobs(Self.globs(libraries.flatMap(\.sourceFiles), directory: directory, files: files))
        let kind: ModuleKind = sources.isEmpty && libraries.contains(where: \.hasVendoredBinaries) ? .binary : .library
        if sources.isEmpty {
            // No source files: the module is empty, and its folder is the podspec's.
            sources = [path]
        }
        let excluded = Self.globs(libraries.flatMap(\.excludeFiles), directory: directory, files: files)
        var pod = Manifest.Target(
            name: podName, importName: spec.moduleName ?? DiscoveredModule.moduleName(forTarget: podName), kind: kind,
            product: "pod", linkage: spec.staticFramework,
            sources: .globs(include: sources, exclude: excluded),
            dependencies: Self.withoutOwnSubspecs(libraries.flatMap(\.dependencies), of: podName), line: spec.line)
        // The headers of `public_header_files`, else of `source_files`: what CocoaPods' umbrella header imports.
        let headers = libraries.flatMap(\.publicHeaderFiles)
        pod.publicHeaders = .globs(
            Self.globs(headers.isEmpty ? libraries.flatMap(\.sourceFiles) : headers, directory: directory, files: files), exclude: excluded)
        var targets = [pod]
        targets += spec.auxiliarySpecs.map { auxiliaryTarget($0, podName: podName, path: path, directory: directory, files: files) }
        return Manifest(name: podName, system: .cocoapods, path: path, targets: targets, diagnostics: warnings)
    }

    /// A test spec or app spec: a test bundle or app of its own that depends on the pod,
    /// named as CocoaPods names its target (`Pod-Unit-Tests`, `Pod-UI-Flows`, `Pod-App`).
    static func auxiliaryTarget(_ spec: PodSpec, podName: String, path: String, directory: String, files: [String]) -> Manifest.Target {
        let label = spec.fullName.split(separator: "/").dropFirst().joined(separator: "-")
        let isTest = spec.role == .test
        let name = isTest ? "\(podName)-\(spec.testType.lowercased() == "ui" ? "UI" : "Unit")-\(label)" : "\(podName)-\(label)"
        let evidence = Location(file: path, line: spec.line)
        var sources = swiftGlobs(globs(spec.sourceFiles, directory: directory, files: files))
        if sources.isEmpty { sources = [path] }
        return Manifest.Target(
            name: name, kind: isTest ? .test : .example, product: isTest ? "test_spec" : "app_spec",
            linkage: Linkage(.executable, evidence: evidence, reason: isTest ? "test_spec: its own test bundle" : "app_spec: its own app"),
            sources: .globs(include: sources, exclude: globs(spec.excludeFiles, directory: directory, files: files)),
            dependencies: [DeclaredDependency(name: podName, kind: .pod, evidence: evidence)]
                + withoutOwnSubspecs(spec.dependencies, of: podName),
            line: spec.line)
    }

    /// Dependencies without the pod's own subspecs, each name once (its first declaration).
    static func withoutOwnSubspecs(_ dependencies: [DeclaredDependency], of podName: String) -> [DeclaredDependency] {
        var seen: Set<String> = []
        return dependencies.filter { dependency in
            guard dependency.kind != .pod || dependency.podName != podName else { return false }
            return seen.insert(dependency.name).inserted
        }
    }

    /// Patterns relative to the podspec's folder made root-relative. A pattern that names a
    /// folder (no wildcard, and files below it) means everything in it, as CocoaPods reads it.
    static func globs(_ patterns: [String], directory: String, files: [String]) -> [String] {
        var result: [String] = []
        for pattern in patterns {
            let joined = Manifest.join(directory, pattern)
            let hasWildcard = joined.contains { "*?{[".contains($0) }
            if !hasWildcard, !files.sortedRun(withPrefix: joined + "/").isEmpty {
                result.append(joined + "/**")
            } else {
                result.append(joined)
            }
        }
        var seen: Set<String> = []
        return result.filter { seen.insert($0).inserted }
    }

    /// The globs that can match Swift files (not `Sources/**/*.{h,m}`), so that the module's
    /// folder is where its Swift code is; all of them when none can.
    static func swiftGlobs(_ globs: [String]) -> [String] {
        let swift = globs.filter { glob in
            GlobPattern.expandingBraces(glob).contains { pattern in
                let last = pattern.split(separator: "/").last ?? Substring(pattern)
                guard let dot = last.lastIndex(of: ".") else { return true }
                let suffix = last[last.index(after: dot)...]
                return suffix == "swift" || suffix.contains("*") || suffix.contains("?")
            }
        }
        return swift.isEmpty ? globs : swift
    }
}
