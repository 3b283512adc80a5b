import StrataConfiguration
import StrataModel
import StrataSourceTree

/// Finds the modules of a repository and their Swift files from every manifest in the tree
/// (SwiftPM, Tuist, CocoaPods, Xcode, XcodeGen, Bazel; nested ones included), else the
/// directory convention.
public struct Discoverer {
    public let tree: any SourceTree
    /// Replaces static reading of a `Package.swift` (`--evaluate-manifests`), given its path
    /// relative to the root.
    public var evaluateManifest: ((String) throws -> Manifest)?
    /// Corrections from `strata.yml`, applied last.
    public var overrides: [Configuration.ModuleOverride] = []
    /// The config file's path as evidence names it.
    public var overridesFile = Configuration.fileName
    /// The operating system `Package.swift` files are compiled on (`#if os(...)` in them).
    public var manifestHost = ManifestHost.standard

    /// One reader per manifest kind.
    static let readers: [any ManifestReader.Type] = [
        SwiftPackageReader.self, TuistProjectReader.self, PodspecReader.self, PodfileReader.self, XcodeProjectReader.self,
        XcodeWorkspaceReader.self, XcodeGenReader.self, BazelReader.self,
    ]

    public init(tree: any SourceTree, evaluateManifest: ((String) throws -> Manifest)? = nil) {
        self.tree = tree
        self.evaluateManifest = evaluateManifest
    }

    /// A target with the folder it lives in and the files it was given.
    struct Placed {
        var manifest: Manifest
        var target: Manifest.Target
        var directory: String
        var files: [String] = []
        /// Names of targets merged into this one (an Xcode target per platform, `Kit-iOS`).
        var aliases: Set<String> = []
        /// The pod this module is, when a podspec describes it (itself or a merged twin).
        var pod: String?

        init(manifest: Manifest, target: Manifest.Target, directory: String, files: [String] = []) {
            self.manifest = manifest
            self.target = target
            self.directory = directory
            self.files = files
            if manifest.system == .cocoapods, target.product == "pod" { pod = target.name }
        }
    }

    /// What reading one manifest file gave: its manifests, or the problems.
    public struct Read: Sendable {
        public var path: String
        var manifests: [Manifest]
        var diagnostics: [Diagnostic]
        /// The other files its reading read (`RecordingTree`): when one changes, the manifest
        /// must be read again.
        public var inputs: Set<String> = []
    }

    public func discover(files: [String]) -> Discovery { discover(files: files, reusing: [:]).discovery }

    /// Discovery, reading again only the manifests `reusing` does not hold (a long-lived
    /// session passes those of the files that did not change, with the same file list).
    /// - Returns: the discovery and every manifest file's read, for the next call.
    public func discover(files: [String], reusing known: [String: Read]) -> (discovery: Discovery, reads: [String: Read]) {
        var reads: [String: Read] = [:]
        for path in files where Self.isManifestFile(path) {
            reads[path] = known[path] ?? read(path, files: files)
        }
        let ordered = files.compactMap { reads[$0] }
        return (placing(ordered.flatMap(\.manifests), diagnostics: ordered.flatMap(\.diagnostics), files: files), reads)
    }

    /// Reads one manifest file with every reader that accepts it.
    func read(_ path: String, files: [String]) -> Read {
        var diagnostics: [Diagnostic] = []
        var manifests: [Manifest] = []
        let tree = RecordingTree(self.tree)
        for reader in Self.readers where reader.accepts(path) {
            do {
                let read: [Manifest]
                if let evaluateManifest, ObjectIdentifier(reader) == ObjectIdentifier(SwiftPackageReader.self) {
                    do {
                        read = [try evaluateManifest(path)]
                    } catch {
                        // What the manifest says is still worth reading without running it.
                        diagnostics.append(Diagnostic(file: path, message: "not evaluated (\("\(error)".split(whereSeparator: \.isNewline).joined(separator: " "))); read statically instead"))
                        read = try reader.read(path: path, tree: tree, files: files)
                    }
                } else if ObjectIdentifier(reader) == ObjectIdentifier(SwiftPackageReader.self) {
                    read = try SwiftPackageReader.read(path: path, tree: tree, files: files, host: manifestHost)
                } else {
                    read = try reader.read(path: path, tree: tree, files: files)
                }
                manifests += read
            } catch {
                diagnostics.append(Diagnostic(
                    file: path, message: "manifest not read: \((error as? SourceTreeError)?.reason ?? "\(error)")"))
            }
        }
        var inputs = tree.read
        inputs.remove(path)
        return Read(path: path, manifests: manifests, diagnostics: diagnostics, inputs: inputs)
    }

    /// Read manifests, placed on the files: placeholders dropped, then `discover(manifests:)`.
    private func placing(_ read: [Manifest], diagnostics problems: [Diagnostic], files: [String]) -> Discovery {
        var manifests = read
        var diagnostics = problems
        // A placeholder `Package.swift` (nothing but `import PackageDescription`) beside an
        // Xcode project, XcodeGen spec, Tuist project or podspec describes nothing: those do.
        for (index, manifest) in manifests.enumerated().reversed() where manifest.guessed {
            let folder = manifest.directory
            guard manifests.contains(where: { !$0.guessed && (folder.isEmpty || $0.path.hasPrefix(folder + "/")) }) else { continue }
            manifests.remove(at: index)
            diagnostics += manifest.diagnostics.filter { !$0.message.hasPrefix("no `let package") }
            diagnostics.append(Diagnostic(
                file: manifest.path, message: "no `let package = Package(...)` found: it describes no module; the other manifests in its folder do"))
        }
        Self.setAsidePackagesOfBazel(&manifests, diagnostics: &diagnostics, files: files)
        diagnostics += manifests.flatMap(\.diagnostics)
        return discover(manifests: manifests, files: files, diagnostics: diagnostics)
    }

    /// Places already-read manifests' targets on the files of the tree.
    public func discover(manifests: [Manifest], files: [String], diagnostics: [Diagnostic] = []) -> Discovery {
        var manifests = manifests
        var diagnostics = diagnostics
        if manifests.isEmpty {
            manifests = [DirectoryConvention.manifest(files: files, rootName: tree.name)]
            // BUILD files without their workspace: a package of a workspace analyzed on its own.
            let message = files.first(where: BuildSystem.isBazelBuildFile).map { build in
                "\(build) is a Bazel package, but the folder analyzed has no workspace (\(BazelWorkspace.markers.joined(separator: ", "))): analyze the folder that has one; modules guessed from the Sources/ and Tests/ folders"
            } ?? "no manifest found (Package.swift, Project.swift, podspec, Podfile, Xcode project, XcodeGen project.yml, Bazel BUILD); modules guessed from the Sources/ and Tests/ folders"
            diagnostics.append(Diagnostic(file: ".", message: message))
        }

        let swiftFiles = files.filter(\.hasSwiftExtension).sorted()
        var (placed, amending) = Self.place(manifests, files: files, swiftFiles: swiftFiles, diagnostics: &diagnostics)
        assignPackageFiles(swiftFiles, to: &placed, packageRoots: Set(manifests.filter { $0.system == .swiftpm || $0.system == .convention }.map(\.directory)))
        let localPods = Set(manifests.filter { $0.system == .cocoapods && RepositoryPath.name(of: $0.path) == "Podfile" }.flatMap(\.localDependencies))
        var (kept, duplicates) = Self.mergingDuplicates(placed, localPods: localPods)
        placed = kept
        Self.redirectDependenciesOnTwins(&placed)
        Self.amend(&placed, with: amending, duplicates: &duplicates, swiftFiles: swiftFiles)
        Self.assignPodLinkage(&placed)

        let names = Self.uniqueNames(placed.map { ($0.target.name, $0.manifest) })
        let clang = ClangSources(files: files)
        var modules = placed.indices.map { index in
            var module = Self.module(placed[index], named: names[index], alsoDeclaredIn: duplicates[index] ?? [])
            module.publicHeaders = clang.publicHeaders(of: placed[index].target, system: placed[index].manifest.system, directory: placed[index].directory)
            return module
        }
        if !overrides.isEmpty {
            let applied = ModuleOverrides.apply(overrides, file: overridesFile, to: modules, swiftFiles: swiftFiles)
            modules = applied.modules
            diagnostics += applied.diagnostics
        }
        for index in modules.indices where clang.inModule(modules[index]) { modules[index].clangSources = true }
        Self.makeNamesUnique(&modules, diagnostics: &diagnostics)
        Self.makeIdentitiesUnique(&modules)
        return Discovery(
            packages: manifests.filter { !$0.path.isEmpty }.map(\.info).sorted { $0.manifest < $1.manifest },
            modules: modules.sorted { $0.name < $1.name },
            pods: Self.pods(placed, modules: modules),
            diagnostics: diagnostics.sorted(), externalInputs: manifests.flatMap(\.externalInputs).sorted())
    }

    /// The module a placed target is, under its unique name.
    static func module(_ entry: Placed, named name: String, alsoDeclaredIn duplicates: [Location]) -> DiscoveredModule {
        var module = DiscoveredModule(
            name: name, importName: entry.target.importName, kind: entry.target.kind,
            system: entry.manifest.system, product: entry.target.product, linkage: entry.target.linkage ?? .unknown,
            package: entry.manifest.name, path: entry.directory,
            manifest: entry.manifest.path.isEmpty ? nil : entry.target.location(in: entry.manifest),
            dependencies: entry.target.dependencies, sourceFiles: entry.files.sorted())
        module.target = entry.target.name
        module.id = ModuleID(manifest: entry.manifest.path.isEmpty ? module.path : entry.manifest.path, target: entry.target.name)
        module.alsoDeclaredIn = duplicates
        module.platforms = entry.target.platforms
        module.languageMode = entry.target.languageMode
        module.features = entry.target.features
        return module
    }

    /// Pod names resolved to the module, whichever system's description was kept.
    static func pods(_ placed: [Placed], modules: [DiscoveredModule]) -> [String: String] {
        var pods: [String: String] = [:]
        for entry in placed {
            guard let pod = entry.pod else { continue }
            let manifest = entry.manifest.path
            pods[pod] = modules.first { $0.manifest?.file == manifest && $0.target == entry.target.name }?.name
        }
        return pods
    }

    /// Each target on its folder (a package's) or its files (a glob's); the targets that amend
    /// another manifest's (a Podfile's) are returned apart, with their fallback globs.
    static func place(
        _ manifests: [Manifest], files: [String], swiftFiles: [String], diagnostics: inout [Diagnostic]
    ) -> (placed: [Placed], amending: [(manifest: Manifest, target: Manifest.Target, fallback: [String])]) {
        var placed: [Placed] = []
        var amending: [(manifest: Manifest, target: Manifest.Target, fallback: [String])] = []
        let directories = Self.directories(of: files)
        for manifest in manifests {
            for target in manifest.targets where target.kind != .binary {
                switch target.sources {
                case .package:
                    guard let directory = Self.directory(of: target, in: manifest, directories: directories) else {
                        diagnostics.append(Diagnostic(
                            file: target.file ?? manifest.path, line: target.line,
                            message: "target \(target.name) has no source directory on disk; left out"))
                        continue
                    }
                    placed.append(Placed(manifest: manifest, target: target, directory: directory))
                case .globs(let include, let exclude):
                    for glob in include + exclude where GlobPattern.expandsTooMuch(glob) {
                        let shown = glob.count > 60 ? glob.prefix(60) + "…" : glob
                        diagnostics.append(Diagnostic(
                            file: manifest.path, line: target.line,
                            message: "target \(target.name): glob \(shown) has more than \(GlobPattern.maximumAlternatives) brace alternatives; only the first are used"))
                    }
                    let matched = Self.files(in: swiftFiles, matching: include, excluding: exclude)
                    placed.append(Placed(manifest: manifest, target: target, directory: Self.folder(of: include), files: matched))
                case .files(let directory, let paths):
                    placed.append(Placed(
                        manifest: manifest, target: target, directory: directory, files: paths.filter { swiftFiles.containsSorted($0) }))
                case .amends(let fallback):
                    amending.append((manifest, target, fallback))
                }
            }
        }
        return (placed, amending)
    }

    /// SwiftPM's rule: each Swift file belongs to the innermost package, then to that
    /// package's target whose directory is the longest prefix of the file's path.
    private func assignPackageFiles(_ swiftFiles: [String], to placed: inout [Placed], packageRoots: Set<String>) {
        var targetsByDirectory: [String: [Int]] = [:]
        for (index, entry) in placed.enumerated() {
            guard case .package = entry.target.sources else { continue }
            targetsByDirectory[entry.directory, default: []].append(index)
        }
        for file in swiftFiles {
            let ancestors = Self.ancestors(of: file)
            guard let owner = ancestors.first(where: packageRoots.contains) else { continue }
            for directory in ancestors {
                guard let candidates = targetsByDirectory[directory] else {
                    if directory == owner { break }
                    continue
                }
                if let index = candidates.first(where: { placed[$0].manifest.directory == owner }),
                    Self.includes(file, target: placed[index].target, directory: directory)
                {
                    placed[index].files.append(file)
                }
                break
            }
        }
    }

    /// The Swift files matching any of `include` and none of `exclude` (root-relative globs,
    /// braces allowed). A pattern without wildcards (an Xcode project lists every file) is
    /// one lookup; otherwise only files under the glob's literal folder are tested.
    static func files(in swiftFiles: [String], matching include: [String], excluding exclude: [String]) -> [String] {
        let excluded = exclude.flatMap(GlobPattern.expandingBraces).map { GlobPattern($0, anchored: true) }
        var result: Set<String> = []
        for pattern in include.flatMap(GlobPattern.expandingBraces) {
            let glob = GlobPattern(pattern, anchored: true)
            let prefix = glob.literalPrefix
            let literalPath = glob.literalPath
            let candidates: ArraySlice<String>
            if let path = literalPath {
                candidates = swiftFiles.containsSorted(path) ? [path] : []
            } else {
                candidates = prefix.isEmpty ? swiftFiles[...] : swiftFiles.sortedRun(withPrefix: prefix + "/")
            }
            for file in candidates where literalPath != nil || glob.matches(file) {
                if !excluded.contains(where: { $0.matches(file) }),
                    !Self.insideBundle(Substring(file.utf8.dropFirst(prefix.isEmpty ? 0 : prefix.utf8.count + 1)))
                {
                    result.insert(file)
                }
            }
        }
        return result.sorted()
    }

    /// The folder that globs share before their first wildcard: the module's path.
    static func folder(of globs: [String]) -> String {
        let prefixes = globs.flatMap(GlobPattern.expandingBraces).map { GlobPattern($0, anchored: true).literalPrefix }
        guard var common = prefixes.first?.split(separator: "/") else { return "" }
        for prefix in prefixes.dropFirst() {
            let parts = prefix.split(separator: "/")
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        return common.joined(separator: "/")
    }

    /// Whether discovery reads the file at `path`: a manifest of any kind, a file a Bazel
    /// workspace is read from (BUILD, `.bzl`), or a Tuist helper that manifests use. Results
    /// depend on these files' bytes.
    public static func readsFile(_ path: String) -> Bool {
        if readers.contains(where: { $0.accepts(path) }) || path.hasSuffix(".xcconfig") || BazelWorkspace.readsFile(path) { return true }
        if SwiftToolsVersion.ofVersionSpecificManifest(path) != nil { return true }
        guard path.hasSwiftExtension else { return false }
        return path.hasPrefix("Tuist/") || path.contains("/Tuist/") || path.contains("ProjectDescriptionHelpers/")
    }

    /// Whether a path is a manifest a reader reads (not a file manifests read, such as a
    /// Tuist helper or an `.xcconfig`).
    public static func isManifestFile(_ path: String) -> Bool { readers.contains { $0.accepts(path) } }

    /// Whether a path is a SwiftPM manifest (`Package.swift`, at any depth).
    static func isManifest(_ path: String) -> Bool {
        path == "Package.swift" || path.hasSuffix("/Package.swift")
    }

    /// Folders SwiftPM treats as resources or bundles, whose Swift files are not compiled.
    static let bundleExtensions: Set<Substring> = [
        "docc", "xcassets", "xcdatamodeld", "xcmappingmodel", "bundle", "playground", "lproj",
        "xcframework", "framework", "xcodeproj", "xcworkspace", "swiftpm",
    ]

    /// SwiftPM's layout: `path:` if given, else the first of the conventional folders that exists.
    static func directory(of target: Manifest.Target, in manifest: Manifest, directories: Set<String>) -> String? {
        guard case .package(let path, _, _) = target.sources else { return nil }
        func join(_ relative: String) -> String { Manifest.join(manifest.directory, relative) }
        if let path {
            let directory = join(path)
            return directories.contains(directory) ? directory : nil
        }
        let roots: [String] = switch target.kind {
        case .test: ["Tests", "Sources", "Source", "src", "srcs"]
        case .plugin: ["Plugins"]
        default: ["Sources", "Source", "src", "srcs"]
        }
        return roots.map { join("\($0)/\(target.name)") }.first(where: directories.contains)
    }

    static func includes(_ file: String, target: Manifest.Target, directory: String) -> Bool {
        guard case .package(_, let sources, let exclude) = target.sources else { return false }
        let relative = directory.isEmpty ? file : String(Substring(file.utf8.dropFirst(directory.utf8.count + 1)))
        func under(_ path: String) -> Bool {
            let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            return relative == trimmed || relative.hasPrefix(trimmed.hasSuffix("/") ? trimmed : trimmed + "/")
        }
        if exclude.contains(where: under) || insideBundle(Substring(relative)) { return false }
        if let sources { return sources.contains(where: under) }
        return true
    }

    /// Whether a path relative to a module's folder passes through a bundle folder
    /// (`Guide.docc/`, `Assets.xcassets/`), whose Swift files are not compiled.
    static func insideBundle(_ relative: Substring) -> Bool {
        for component in relative.utf8.split(separator: UInt8(ascii: "/")).dropLast() {
            if let dot = component.lastIndex(of: UInt8(ascii: ".")),
                bundleExtensions.contains(Substring(component[component.index(after: dot)...]))
            {
                return true
            }
        }
        return false
    }

    /// A file's directories, innermost first, ending with "" for the root. Works on UTF-8
    /// bytes: `/` is ASCII, and Character-wise search costs more than the rest of discovery.
    static func ancestors(of file: String) -> [String] {
        var result: [String] = []
        let utf8 = file.utf8
        var end = utf8.endIndex
        while let slash = utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
            result.append(String(Substring(utf8[..<slash])))
            end = slash
        }
        result.append("")
        return result
    }

    static func directories(of files: [String]) -> Set<String> {
        var result: Set<String> = [""]
        for file in files {
            for directory in ancestors(of: file) {
                if !result.insert(directory).inserted { break }
            }
        }
        return result
    }
}

/// Modules from folder names when there is no manifest: `Sources/<Name>` and `Tests/<Name>`,
/// or the whole tree as one module.
enum DirectoryConvention {
    static func manifest(files: [String], rootName: String) -> Manifest {
        var names: [String: ModuleKind] = [:]
        for file in files where file.hasSwiftExtension {
            let parts = file.split(separator: "/")
            guard parts.count >= 3 else { continue }
            if parts[0] == "Sources" { names[String(parts[1])] = .library }
            if parts[0] == "Tests" { names[String(parts[1])] = .test }
        }
        var targets = names.sorted { $0.key < $1.key }.map { name, kind in
            Manifest.Target(name: name, kind: kind, sources: .package(path: nil, sources: nil, exclude: []), line: 0)
        }
        if targets.isEmpty, files.contains(where: \.hasSwiftExtension) {
            targets = [Manifest.Target(
                name: DiscoveredModule.moduleName(forTarget: rootName), kind: .library,
                sources: .package(path: ".", sources: nil, exclude: []), line: 0)]
        }
        return Manifest(name: rootName, system: .convention, path: "", targets: targets)
    }
}
