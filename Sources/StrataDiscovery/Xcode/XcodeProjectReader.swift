import StrataModel
import StrataPropertyList
import StrataSourceTree

/// Reads Xcode `*.xcodeproj/project.pbxproj` statically: one module per native target, with
/// its source files, declared dependencies, import name and linkage, each pointing at the
/// pbxproj line that decided it.
///
/// - Kind from `productType`: applications and extensions are apps (`…Example`/`…Demo` apps are
///   examples), test bundles are tests, frameworks and libraries are libraries, tools are
///   executables, bundles are bundles.
/// - Import name: `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` (with `$(TARGET_NAME)` expanded),
///   made an identifier, from the Release configuration (see `XcodeBuildSettings`).
/// - Linkage: `MACH_O_TYPE` when set (`staticlib` static, `mh_dylib` dynamic, `mh_execute` and
///   `mh_bundle` executable), else the product type's (framework dynamic, static library static).
///
/// Aggregate and legacy targets compile nothing Xcode lists and are skipped. A project next to
/// a Tuist `Project.swift` was generated from it and is skipped as a whole: the Tuist reader
/// describes those targets with their real source globs. CocoaPods' `Pods/Pods.xcodeproj` is
/// skipped too (the Podfile and podspecs describe it).
public enum XcodeProjectReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool {
        // The tree walk never lists `Pods/`; a project handed in by path is checked the same way.
        path.hasSuffix(".xcodeproj/project.pbxproj") && !path.split(separator: "/").contains { PathFilter.ignores(directoryNamed: $0) }
    }

    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] {
        if generatedByTuist(path, files: files) { return [] }
        return [read(try tree.read(path), path: path, tree: tree, files: files)]
    }

    /// Whether a Tuist `Project.swift` sits next to the `.xcodeproj` of the pbxproj at `path`:
    /// Tuist generated the project, and the Tuist reader describes its targets.
    static func generatedByTuist(_ path: String, files: [String]) -> Bool {
        let folder = RepositoryPath.folder(of: RepositoryPath.folder(of: path))
        return files.containsSorted(Manifest.join(folder, "Project.swift"))
    }

    /// Reads one pbxproj's bytes; `files` (every file of the tree, sorted) tells which listed
    /// sources exist, and `tree` gives the `.xcconfig` files the configurations are based on.
    public static func read(_ bytes: [UInt8], path: String, tree: any SourceTree, files: [String]) -> Manifest {
        let file: XcodeProjectFile
        do {
            file = try XcodeProjectFile(try PropertyListParser.parse(bytes), path: path)
        } catch {
            return Manifest(name: projectName(path), system: .xcode, path: path, targets: [], diagnostics: [unreadable(error, path: path)])
        }

        var diagnostics: [Diagnostic] = []
        let targetEntries = file.ids(file.project, "targets")
        let (targetNames, skipped) = nativeTargets(targetEntries, in: file)
        let sources = XcodeTargetSources(file: file, files: files)
        let dependencies = XcodeTargetDependencies(file: file, files: files, targetNames: targetNames, skippedTargets: skipped)

        var targets: [Manifest.Target] = []
        for entry in targetEntries where !skipped.contains(entry.id) {
            let line = file.lines[entry.id] ?? entry.line
            guard let object = file[entry.id], file.isa(entry.id) == "PBXNativeTarget" else {
                diagnostics.append(Diagnostic(
                    file: path, line: line,
                    message: "target object \(entry.id) is missing or not a PBXNativeTarget (\(file.isa(entry.id) ?? "no isa")); left out"))
                continue
            }
            guard let name = targetNames[entry.id] else {
                diagnostics.append(Diagnostic(file: path, line: line, message: "a native target without a name; left out"))
                continue
            }
            let productType = XcodeProductType(object["productType"]?.string ?? "")
            let productLine = object.entry("productType")?.line ?? line
            let kind = moduleKind(productType, name: name, line: productLine, path: path, diagnostics: &diagnostics)
            let settings = XcodeBuildSettings(target: object, name: name, in: file, tree: tree)
            let globs = sources.globs(of: object, id: entry.id)
            if !globs.missing.isEmpty { diagnostics.append(missingSources(globs.missing, target: name, line: line, path: path)) }
            var target = Manifest.Target(
                name: name, importName: importName(name: name, settings: settings, diagnostics: &diagnostics),
                kind: kind, product: productType.identifier.isEmpty ? nil : productType.identifier,
                linkage: linkage(productType, line: productLine, settings: settings, name: name, path: path, diagnostics: &diagnostics),
                sources: .globs(include: globs.include, exclude: globs.exclude),
                dependencies: dependencies.dependencies(of: object, name: name), line: line)
            target.languageMode = settings.expanded("SWIFT_VERSION").flatMap { Manifest.languageMode($0.value) }
            target.features = settings.features
            targets.append(target)
        }

        let (local, remote) = packageReferences(file)
        return Manifest(
            name: file.name, system: .xcode, path: path, localDependencies: local.sorted(), remoteDependencies: remote.sorted(),
            targets: targets, diagnostics: diagnostics)
    }

    /// Why a pbxproj could not be read: its one diagnostic.
    static func unreadable(_ error: any Error, path: String) -> Diagnostic {
        switch error {
        case let error as PropertyListError:
            Diagnostic(file: path, line: error.line, message: "project.pbxproj not read: \(error.message); its targets are missing from the analysis")
        case let error as XcodeProjectFile.NotAProject:
            Diagnostic(file: path, line: error.line, message: "project.pbxproj not understood: \(error.message); its targets are missing from the analysis")
        default:
            Diagnostic(file: path, message: "project.pbxproj not read: \(error)")
        }
    }

    /// What a target of `productType` is (a bundle, with a warning, when Strata does not know
    /// the type); an app named `…Example` or `…Demo` is an example.
    static func moduleKind(_ productType: XcodeProductType, name: String, line: Int, path: String, diagnostics: inout [Diagnostic]) -> ModuleKind {
        guard var kind = productType.kind else {
            diagnostics.append(Diagnostic(
                file: path, line: line,
                message: "target \(name) has product type '\(productType.identifier)', which Strata does not know; read as a bundle with unknown linkage"))
            return .bundle
        }
        if kind == .app, name.hasSuffix("Example") || name.hasSuffix("Demo") { kind = .example }
        return kind
    }

    /// The warning for the Swift files a target compiles that are not in the repository.
    static func missingSources(_ missing: [String], target name: String, line: Int, path: String) -> Diagnostic {
        let sample = missing.prefix(3).joined(separator: ", ")
        return Diagnostic(
            file: path, line: line,
            message: "target \(name) compiles \(missing.count) Swift file(s) that are not in the repository (\(sample)\(missing.count > 3 ? ", …" : "")); they are not analyzed")
    }

    /// The native targets' names by object id, and the ids of aggregate and legacy targets
    /// (which build no module).
    static func nativeTargets(
        _ entries: [(id: String, line: Int)], in file: XcodeProjectFile
    ) -> (names: [String: String], skipped: Set<String>) {
        var targetNames: [String: String] = [:], skipped: Set<String> = []
        for entry in entries {
            switch file.isa(entry.id) {
            case "PBXNativeTarget":
                if let name = file[entry.id]?["name"]?.string { targetNames[entry.id] = name }
            case "PBXAggregateTarget", "PBXLegacyTarget":
                skipped.insert(entry.id)
            default:
                break
            }
        }
        return (targetNames, skipped)
    }

    /// The Swift packages the project references: local ones (by folder) and remote ones.
    static func packageReferences(_ file: XcodeProjectFile) -> (local: [String], remote: [String]) {
        var local: [String] = [], remote: [String] = []
        for reference in file.ids(file.project, "packageReferences").compactMap({ file[$0.id] }) {
            if let url = reference["repositoryURL"]?.string {
                var last = RepositoryPath.name(of: url)
                if last.hasSuffix(".git") { last.removeLast(4) }
                remote.append(last)
            } else if let relative = reference["relativePath"]?.string {
                local.append(RepositoryPath.name(of: relative))
            }
        }
        return (local, remote)
    }

    /// The module name `import` uses, when it differs from the target name made an identifier.
    static func importName(name: String, settings: XcodeBuildSettings, diagnostics: inout [Diagnostic]) -> String? {
        let key = settings.setting("PRODUCT_MODULE_NAME") != nil ? "PRODUCT_MODULE_NAME" : "PRODUCT_NAME"
        guard let raw = settings.setting(key) else { return nil }
        guard let value = settings.expanded(key)?.value, !value.isEmpty else {
            diagnostics.append(Diagnostic(
                file: raw.evidence.file, line: raw.evidence.line,
                message: "target \(name): \(key) = \(raw.value) could not be evaluated; its module is taken to be \(DiscoveredModule.moduleName(forTarget: name))"))
            return nil
        }
        let module = DiscoveredModule.moduleName(forTarget: value)
        return module == DiscoveredModule.moduleName(forTarget: name) ? nil : module
    }

    /// `MACH_O_TYPE` when it is set to a value Strata knows, else the product type's linkage.
    static func linkage(
        _ productType: XcodeProductType, line: Int, settings: XcodeBuildSettings, name: String, path: String,
        diagnostics: inout [Diagnostic]
    ) -> Linkage {
        if let machO = settings.setting("MACH_O_TYPE") {
            if let value = settings.expanded("MACH_O_TYPE")?.value, let kind = XcodeProductType.linkage(machOType: value) {
                return Linkage(kind, evidence: machO.evidence, reason: "MACH_O_TYPE = \(value)")
            }
            diagnostics.append(Diagnostic(
                file: machO.evidence.file, line: machO.evidence.line,
                message: "target \(name): MACH_O_TYPE = \(machO.value) is not understood; linkage taken from the product type"))
        }
        let reason = productType.identifier.isEmpty ? "no productType" : "productType \(productType.shortName)"
        return Linkage(productType.linkage, evidence: Location(file: path, line: line), reason: reason)
    }

    /// The `.xcodeproj` folder name without its extension.
    static func projectName(_ path: String) -> String {
        let bundle = RepositoryPath.name(of: RepositoryPath.folder(of: path))
        return bundle.hasSuffix(".xcodeproj") ? String(bundle.dropLast(".xcodeproj".count)) : bundle
    }
}
