import StrataModel

/// Joins discovery and scanning into one model: modules with their summed-up facts, declared
/// dependencies resolved to the repository's modules, and edges with their import sites.
public enum Assembler {
    /// One module made from its own files alone: the files, the module with their totals, and
    /// its edges. `assemble(root:discovery:parts:diagnostics:)` joins them.
    public struct Part: Sendable {
        var files: [SourceFile]
        var module: AssembledModule
        var edges: [(from: String, to: String, edge: ImportEdge)]
    }

    /// - Parameter conditions: decides an `#if` condition around an import for a module
    ///   (`CompilationConditions`); imports under conditions it rejects make no edge and are
    ///   kept apart as `inactiveImports`. Nil takes every import as active.
    public static func assemble(
        root: String, discovery: Discovery, facts: [String: FileFacts], diagnostics: [Diagnostic],
        conditions: ((_ condition: String, _ module: DiscoveredModule) -> Bool)? = nil,
        platforms: ((DiscoveredModule) -> [String])? = nil, workers: any Workers = SerialWorkers()
    ) -> Project {
        let made = parts(discovery: discovery, facts: facts, conditions: conditions, platforms: platforms, workers: workers)
        return assemble(root: root, discovery: discovery, parts: made, diagnostics: diagnostics)
    }

    /// Each module of `discovery` made from its own files, side by side.
    /// - Parameter last: the parts of an earlier call with the same discovery, conditions and
    ///   platforms, and the files whose facts may have changed since (`touched`): the other
    ///   modules' parts are taken again.
    public static func parts(
        discovery: Discovery, facts: [String: FileFacts], conditions: ((_ condition: String, _ module: DiscoveredModule) -> Bool)? = nil,
        platforms: ((DiscoveredModule) -> [String])? = nil, workers: any Workers = SerialWorkers(),
        reusing last: (parts: [Part], touched: [Bool])? = nil
    ) -> [Part] {
        precondition(last.map { $0.parts.count == discovery.modules.count && $0.touched.count == discovery.modules.count } ?? true,
                     "parts reused from another discovery")
        let resolver = ModuleResolver(discovery: discovery)
        return workers.map(discovery.modules.count) { index in
            if let last, !last.touched[index] { return last.parts[index] }
            let module = discovery.modules[index]
            var totals = ModuleTotals()
            var files: [SourceFile] = []
            for file in module.sourceFiles {
                guard let fileFacts = facts[file] else { continue }
                files.append(SourceFile(path: file, facts: fileFacts))
                totals.add(fileFacts, of: file, in: module, conditions: conditions)
            }
            let assembled = assembledModule(module, totals, resolver: resolver, platforms: platforms)
            return Part(
                files: files, module: assembled,
                edges: importEdges(from: module, imports: totals.imports, declared: assembled.declaredModules, resolver: resolver))
        }
    }

    /// By module of `discovery`: whether one of its files is among `changed`.
    public static func touched(_ discovery: Discovery, by changed: Set<String>, workers: any Workers = SerialWorkers()) -> [Bool] {
        workers.map(discovery.modules.count) { index in discovery.modules[index].sourceFiles.contains(where: changed.contains) }
    }

    /// The model of `discovery`'s modules from their parts (`parts`, in the modules' order).
    public static func assemble(root: String, discovery: Discovery, parts: [Part], diagnostics: [Diagnostic]) -> Project {
        var modules: [AssembledModule] = []
        var edges: [(from: String, to: String, edge: ImportEdge)] = []
        var sources: [ModuleID: [SourceFile]] = [:]
        for (module, part) in zip(discovery.modules, parts) {
            // The part's own array where it is the module's only one: a session compares an
            // untouched module's files with the last at once.
            if !part.files.isEmpty { sources[module.id] = sources[module.id].map { $0 + part.files } ?? part.files }
            modules.append(part.module)
            edges += part.edges
        }
        modules.sort { $0.name < $1.name }
        // In their modules' name order, as every document lists them.
        let sorted = edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) }.map(\.edge)
        let graph = ModuleGraph(modules: modules, edges: sorted)
        LinkGraph.assign(&modules, graph: graph)
        return Project(
            root: root, packages: discovery.packages, modules: modules, edges: sorted,
            diagnostics: (discovery.diagnostics + diagnostics).sorted(), sources: sources, graph: graph.replacing(modules))
    }

    /// A module with its files' totals, its declared dependencies resolved to the repository's
    /// modules.
    private static func assembledModule(
        _ module: DiscoveredModule, _ totals: ModuleTotals, resolver: ModuleResolver, platforms: ((DiscoveredModule) -> [String])?
    ) -> AssembledModule {
        let dependencies = module.dependencies.map { dependency in
            var resolved = dependency
            resolved.modules = resolver.modules(for: dependency, from: module)
            return resolved
        }
        var assembled = AssembledModule(
            module, files: module.sourceFiles.count, lines: totals.lines,
            dependencies: dependencies, imports: totals.imports.sorted(),
            declarations: named(totals.declarations, ModuleTotals.kinds), access: named(totals.access, ModuleTotals.levels),
            singletons: totals.singletons.kept)
        assembled.inactiveImports = totals.inactive.isEmpty ? nil : totals.inactive.sorted()
        assembled.interfaces = totals.interfaces == 0 ? nil : totals.interfaces
        assembled.platforms = platforms?(module)
        return assembled
    }

    /// The edges from a module: to each module it imports, with the import sites, or declares
    /// a dependency on; with the two modules' names.
    private static func importEdges(
        from module: DiscoveredModule, imports: [ImportSite], declared declaredModules: Set<String>, resolver: ModuleResolver
    ) -> [(from: String, to: String, edge: ImportEdge)] {
        var sites: [String: [Location]] = [:]
        for site in imports {
            for target in resolver.modules(importing: site.module, from: module, declared: declaredModules) where target != module.name {
                sites[target, default: []].append(site.evidence)
            }
        }
        let declared = declaredModules.subtracting([module.name])
        return Set(sites.keys).union(declared).compactMap { target in
            guard let to = resolver.id(of: target) else { return nil }
            let edge = ImportEdge(
                from: module.id, to: to, declared: declared.contains(target),
                imported: sites[target] != nil, evidence: (sites[target] ?? []).sorted())
            return (module.name, target, edge)
        }
    }
}

/// What the files of a module add up to: its imports (apart, those under an `#if` condition
/// the module does not take), its declarations by kind and access, its interfaces, singletons
/// and lines.
private struct ModuleTotals {
    /// Declarations are counted by position in `kinds` and `levels`, named once at the end (a
    /// declaration of the repository at a time, so hashing each one's kind and access would
    /// add up).
    static let kinds = DeclarationKind.allCases, levels = AccessLevel.allCases
    var imports: [ImportSite] = [], inactive: [ImportSite] = []
    var declarations = [Int](repeating: 0, count: kinds.count), access = [Int](repeating: 0, count: levels.count)
    var interfaces = 0
    var singletons = Singletons.Found()
    var lines = 0

    /// Adds one file's facts; `conditions` decides the `#if` conditions around its imports.
    mutating func add(
        _ facts: FileFacts, of file: String, in module: DiscoveredModule, conditions: ((_ condition: String, _ module: DiscoveredModule) -> Bool)?
    ) {
        lines += facts.lines
        for fact in facts.imports {
            if let condition = fact.condition, let conditions, !conditions(condition, module) {
                inactive.append(ImportSite(fact, file: file))
            } else {
                imports.append(ImportSite(fact, file: file))
            }
        }
        let kinds = Self.kinds, levels = Self.levels
        let all = facts.declarations  // by index: read field by field, never copied whole
        for index in all.indices {
            declarations[kinds.firstIndex(of: all[index].kind)!] += 1
            access[levels.firstIndex(of: all[index].access)!] += 1
            if all[index].traits.contains(.interface) { interfaces += 1 }
        }
        singletons.add(Singletons.find(in: facts.declarations, file: file))
    }
}

/// Counts by position in `cases`, by name: the cases counted at least once.
private func named<Case: RawRepresentable<String>>(_ counts: [Int], _ cases: [Case]) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: zip(cases, counts).filter { $0.1 > 0 }.map { ($0.0.rawValue, $0.1) })
}

/// Finds which module of the repository an import or a declared dependency refers to.
struct ModuleResolver {
    /// Module names by import name, with the manifest that declares each.
    private var byImportName: [String: [(name: String, manifest: String)]] = [:]
    /// A target of a manifest (or of a Tuist or Xcode project's folder).
    private struct TargetKey: Hashable {
        var manifest: String
        var target: String
    }

    private var byPackageAndTarget: [TargetKey: String] = [:]
    /// Each module's identity, by name.
    private var ids: [String: ModuleID] = [:]
    private var packages: [PackageInfo]
    /// Each package's identity, lowercased (in the order of `packages`).
    private var identities: [String]
    /// Pods defined by podspecs in the repository, by pod name.
    private var pods: [String: String]
    /// Tuist, Xcode and Bazel targets by their project's (package's) folder and name, for
    /// `.project(target:path:)`, cross-project target dependencies and Bazel labels.
    private var byProjectAndTarget: [TargetKey: String] = [:]

    init(discovery: Discovery) {
        packages = discovery.packages
        identities = packages.map { $0.identity.lowercased() }
        pods = discovery.pods
        for module in discovery.modules {
            ids[module.name] = module.id
            let target = module.target
            byImportName[module.importName, default: []].append((module.name, module.id.manifest))
            byPackageAndTarget[TargetKey(manifest: module.id.manifest, target: target)] = module.name
            // A Tuist project is named by its folder, an Xcode project by its `.xcodeproj` path,
            // a Bazel package by its BUILD file's folder: each the folder of the manifest file.
            if module.system == .tuist || module.system == .xcode || module.system == .bazel, let file = module.manifest?.file {
                byProjectAndTarget[TargetKey(manifest: RepositoryPath.folder(of: file), target: target)] = module.name
            }
        }
    }

    /// The modules an `import X` in `module` means: those of that name it declares dependencies
    /// on (a Bazel test bundle and its library may share a module name; rules_ios' framework
    /// and `mixed_language_library` make one module of a `swift_library` and an `objc_library`
    /// of one `module_name`, which one import loads together), else one of the same package,
    /// else any.
    func modules(importing name: String, from module: DiscoveredModule, declared: Set<String> = []) -> [String] {
        guard let candidates = byImportName[name] else { return [] }
        if candidates.count == 1 { return [candidates[0].name] }
        let dependencies = candidates.filter { declared.contains($0.name) && $0.name != module.name }.map(\.name)
        if !dependencies.isEmpty { return dependencies }
        let manifest = module.id.manifest
        return [(candidates.first { $0.manifest == manifest } ?? candidates[0]).name]
    }

    /// The identity of the module of this name (every name the resolver gives has one).
    func id(of name: String) -> ModuleID? { ids[name] }

    /// The modules a declared dependency stands for, or nil when it is external.
    func modules(for dependency: DeclaredDependency, from module: DiscoveredModule) -> [String]? {
        let sameTarget = byPackageAndTarget[TargetKey(manifest: module.id.manifest, target: dependency.name)]
        switch dependency.kind {
        case .target:
            return sameTarget.map { [$0] }
        case .byName:
            if let sameTarget { return [sameTarget] }
            return productModules(dependency.name, package: nil)
        case .product, .external:
            return productModules(dependency.name, package: dependency.package)
        case .project:
            return byProjectAndTarget[TargetKey(manifest: dependency.package ?? "", target: dependency.name)].map { [$0] }
        case .pod:
            return pods[dependency.podName].map { [$0] }
        case .sdk, .binary:
            return nil
        }
    }

    private func productModules(_ product: String, package: String?) -> [String]? {
        let identity = package?.lowercased()
        for (info, infoIdentity) in zip(packages, identities) where package == nil || infoIdentity == identity || info.name == package {
            guard let match = info.products.first(where: { $0.name == product }) else { continue }
            let modules = match.targets.compactMap { byPackageAndTarget[TargetKey(manifest: info.manifest, target: $0)] }
            if !modules.isEmpty { return modules.sorted() }
        }
        return nil
    }
}
