import StrataModel

/// Joins registrations and resolutions across the repository: which registration serves each
/// resolution, which services are registered twice, the DI graph (what each factory resolves),
/// and the module edges the container creates.
public enum InjectionWiring {
    /// What the last analysis of a session read and made (`AnalysisMemo.injection`): its report
    /// stands for the next analysis of the session when nothing it reads has changed. An edit
    /// usually changes what DI does not read (a function's body, an import of another module):
    /// the report is then taken as it is instead of made again over every file.
    struct Memo: Sendable {
        /// A module as DI reads it.
        struct Shape: Equatable, Sendable {
            var name: String, id: ModuleID, kind: ModuleKind
        }

        var vocabulary: InjectionVocabulary
        var rules: ArchitectureRules
        var modules: [Shape]
        var pairs: [ModuleGraph.Edge]
        var sources: [ModuleID: [SourceFile]]
        var report: InjectionReport

        init(_ project: Project, vocabulary: InjectionVocabulary, rules: ArchitectureRules, report: InjectionReport) {
            self.vocabulary = vocabulary
            self.rules = rules
            modules = project.modules.map { Shape(name: $0.name, id: $0.id, kind: $0.kind) }
            pairs = project.graph.pairs
            sources = project.sources
            self.report = report
        }

        /// Whether the report stands for this project: the same vocabulary, rules, modules and
        /// module edges, and every file the same (its facts taken from memory, compared at
        /// once) or read the same by DI.
        func stands(for project: Project, vocabulary: InjectionVocabulary, rules: ArchitectureRules) -> Bool {
            guard vocabulary == self.vocabulary, rules == self.rules, project.graph.pairs == pairs,
                  project.modules.count == modules.count, project.sources.count == sources.count,
                  zip(project.modules, modules).allSatisfy({ $0.name == $1.name && $0.id == $1.id && $0.kind == $1.kind })
            else { return false }
            for (id, files) in project.sources {
                guard let old = sources[id], old.count == files.count else { return false }
                // An untouched module's files are the last array itself (`Assembler.parts`).
                if files == old { continue }
                for (new, old) in zip(files, old) where new.path != old.path || !InjectionRead.same(old.facts, new.facts) { return false }
            }
            return true
        }
    }

    /// `InjectionContainers.names(in:configured:)` for a caller that scans again and again (a
    /// session, a history): the last names stand when every file's facts are the same (taken
    /// from memory) or read the same by DI.
    public struct NamesMemo: Sendable {
        var configured: InjectionNames
        var facts: [String: FileFacts]
        var names: InjectionNames
    }

    /// - Parameter changed: the paths whose facts may differ from those the memo was left
    ///   with (a session's edit); nil: any.
    public static func names(
        in facts: [String: FileFacts], configured: InjectionNames, memo: inout NamesMemo?, changed: Set<String>? = nil
    ) -> InjectionNames {
        func same(_ path: String, _ new: FileFacts?, in last: NamesMemo) -> Bool {
            switch (last.facts[path], new) {
            case (nil, nil): true
            case (let old?, let new?): InjectionRead.same(old, new)
            default: false
            }
        }
        if let last = memo, last.configured == configured, last.facts.count == facts.count,
           changed.map({ $0.allSatisfy { same($0, facts[$0], in: last) } }) ?? facts.allSatisfy({ same($0.key, $0.value, in: last) }) {
            memo?.facts = facts
            return last.names
        }
        let names = InjectionContainers.names(in: facts.values, configured: configured)
        memo = NamesMemo(configured: configured, facts: facts, names: names)
        return names
    }

    /// The same, for a caller that analyzes again and again (`AnalysisMemo`): the last report
    /// when it stands for this project, else a new one.
    static func analyze(_ project: Project, vocabulary: InjectionVocabulary, rules: ArchitectureRules, memo: inout Memo?) -> InjectionReport {
        if let last = memo, last.stands(for: project, vocabulary: vocabulary, rules: rules) {
            // This project's files from now on: the next comparison meets them at once.
            memo?.sources = project.sources
            return last.report
        }
        let report = analyze(project, vocabulary: vocabulary, rules: rules)
        memo = Memo(project, vocabulary: vocabulary, rules: rules, report: report)
        return report
    }

    public static func analyze(_ project: Project, vocabulary: InjectionVocabulary, rules: ArchitectureRules) -> InjectionReport {
        let sources = appSources(project)
        let recognizer = InjectionRecognizer(vocabulary: vocabulary, sources: sources)
        let tests = Set(project.modules.filter(\.kind.isTest).map(\.name))
        var (registrations, resolutions) = recognized(sources, recognizer)

        // An override replaces a definition, so it needs one: Factory's modifiers on anything else
        // are not Factory's.
        let defined = Set(registrations.filter { $0.registration.kind == .definition }.map { Key($0.family, $0.registration.service, nil) })
        let orphans = Set(registrations.indices.filter { index in
            registrations[index].registration.kind == .override
                && !defined.contains(Key(registrations[index].family, registrations[index].registration.service, nil))
        })
        var byKey: [Key: [Int]] = [:], byService: [Key: [Int]] = [:]
        // A registration under a key the container never reads serves nothing (`container-key-mismatch`).
        for (index, entry) in registrations.enumerated() where entry.registration.kind == .definition && entry.registration.keyMismatch == nil {
            byKey[Key(entry.family, entry.registration.service, entry.registration.name), default: []].append(index)
            byService[Key(entry.family, entry.registration.service, nil), default: []].append(index)
        }
        let matched = match(resolutions, &registrations, byKey: byKey, byService: byService, tests: tests)
        let duplicates = duplicates(byKey, registrations, tests: tests)

        let (edges, declaring) = moduleEdges(
            project: project, registrations: registrations.map(\.registration), matched: matched, rules: rules)
        for index in registrations.indices { registrations[index].registration.implementationModule = declaring[index] }
        let resolved = matched.map(\.resolution).sorted()
        return InjectionReport(
            registrations: registrations.indices.filter { !orphans.contains($0) }.map { registrations[$0].registration }.sorted(),
            resolutions: resolved, duplicates: duplicates,
            edges: edges,
            unregistered: resolved.filter {
                $0.checkedAtRunTime && !$0.dynamicName && $0.registrations.isEmpty && !tests.contains($0.module)
            },
            containers: recognizer.containers.containers,
            uncheckable: resolved.filter { $0.checkedAtRunTime && $0.dynamicName && !tests.contains($0.module) })
    }

    typealias Namespace = InjectionRecognizer.Namespace
    typealias Matched = (resolution: Resolution, within: Int?, served: [Int])

    /// A registration's or resolution's key: its namespace, service and name.
    struct Key: Hashable {
        var family: Namespace, service: String, name: String

        init(_ family: Namespace, _ service: String, _ name: String?) {
            self.family = family
            self.service = service
            self.name = name ?? ""
        }
    }

    /// The project's sources but for the DI syntax of a DI library's own module (Factory's
    /// source, vendored), which is not the app's wiring: its declarations still say what names
    /// refer to.
    /// By module name: DI knows a module as its registrations name it.
    static func appSources(_ project: Project) -> [String: [SourceFile]] {
        var sources = Dictionary(project.modules.compactMap { module in project.sources[module.id].map { (module.name, $0) } }, uniquingKeysWith: { first, _ in first })
        for module in InjectionLibraries.modules(in: sources).keys {
            sources[module] = sources[module]?.map { file in
                var file = file
                file.facts.injections = []
                return file
            }
        }
        return sources
    }

    /// Each resolution with the registrations serving it, crediting what a factory resolves to
    /// its registration. A production resolution needs a production registration; a test may use
    /// its own. A name that cannot be computed matches on the service alone, on either side.
    static func match(
        _ resolutions: [(resolution: Resolution, family: Namespace, within: [Int])],
        _ registrations: inout [(registration: Registration, family: Namespace)],
        byKey: [Key: [Int]], byService: [Key: [Int]], tests: Set<String>
    ) -> [Matched] {
        var matched: [Matched] = []
        for entry in resolutions {
            let isTest = tests.contains(entry.resolution.module)
            let sameService = byService[Key(entry.family, entry.resolution.service, nil)] ?? []
            let candidates = entry.resolution.dynamicName
                ? sameService
                : (byKey[Key(entry.family, entry.resolution.service, entry.resolution.name)] ?? [])
                    + sameService.filter { registrations[$0].registration.dynamicName }
            let served = Array(Set(candidates)).sorted()
                .filter { isTest || !tests.contains(registrations[$0].registration.module) }
            // Factory consumer calls are only recognised when they name a registered factory.
            if entry.family == .factory && served.isEmpty && entry.resolution.api == "factory" { continue }
            var resolution = entry.resolution
            resolution.registrations = served.map { registrations[$0].registration.evidence }.sorted()
            matched.append((resolution, entry.within.first, served))
            for within in entry.within where !registrations[within].registration.resolves.contains(resolution.service) {
                registrations[within].registration.resolves.append(resolution.service)
            }
        }
        return matched
    }

    /// A container's service registered more than once under one key in production code.
    static func duplicates(
        _ byKey: [Key: [Int]], _ registrations: [(registration: Registration, family: Namespace)], tests: Set<String>
    ) -> [[Location]] {
        byKey.values.compactMap { indices -> [Location]? in
            let production = indices.filter {
                !tests.contains(registrations[$0].registration.module) && !registrations[$0].registration.dynamicName
            }
            guard production.count > 1, registrations[production[0]].family == .container else { return nil }
            return production.map { registrations[$0].registration.evidence }.sorted()
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Every registration and resolution of the repository's files, module by module; a
    /// resolution inside a factory knows the registrations of that factory (`within`).
    static func recognized(
        _ sources: [String: [SourceFile]], _ recognizer: InjectionRecognizer
    ) -> (registrations: [(registration: Registration, family: Namespace)], resolutions: [(resolution: Resolution, family: Namespace, within: [Int])]) {
        var registrations: [(registration: Registration, family: Namespace)] = []
        var resolutions: [(resolution: Resolution, family: Namespace, within: [Int])] = []
        for (module, files) in sources.sorted(by: { $0.key < $1.key }) {
            for file in files where !file.facts.injections.isEmpty {
                let found = recognizer.recognize(file, module: module)
                // Fact index → indices in `registrations` (one per computed name), to credit what a
                // factory resolves.
                var byFact: [Int: [Int]] = [:]
                for entry in found.registrations {
                    byFact[entry.fact, default: []].append(registrations.count)
                    registrations.append((entry.value, entry.family))
                }
                for entry in found.resolutions {
                    let within = file.facts.injections[entry.fact].within.flatMap { byFact[$0] } ?? []
                    resolutions.append((entry.value, entry.family, within))
                }
            }
        }
        return (registrations, resolutions)
    }

    /// Where each top-level type is declared: the module declaring a type, preferring `near`
    /// when several do.
    struct TypeModules {
        private var modules: [String: [String]] = [:]

        init(_ project: Project) {
            for module in project.modules {
                for file in project.sources[module.id] ?? [] {
                    for declaration in file.facts.declarations where declaration.kind.isType && declaration.parent == nil {
                        modules[declaration.name, default: []].append(module.name)
                    }
                }
            }
        }

        func home(of type: String?, near: String) -> String? {
            guard let type, let modules = modules[type] else { return nil }
            return modules.contains(near) ? near : modules.min()
        }
    }

    /// The module edges the container creates: from the module that resolves (for a resolution
    /// inside a factory, the module of the implementation the factory makes) to the module that
    /// declares the implementation it gets.
    static func moduleEdges(
        project: Project, registrations: [Registration], matched: [Matched], rules: ArchitectureRules
    ) -> (edges: [InjectionEdge], declaring: [String?]) {
        let types = TypeModules(project)
        let graph = project.graph
        /// A production module's node.
        func production(_ name: String) -> ModuleGraph.Node? { graph.node(named: name).flatMap { graph[$0].module.kind.isTest ? nil : $0 } }
        /// Whether a module depends on another through an import or a declaration.
        func depends(_ from: String, on to: String) -> Bool {
            guard let from = graph.node(named: from), let to = graph.node(named: to) else { return false }
            return graph.depends(from, on: to)
        }

        typealias Pair = ModuleGraph.Edge
        var services: [Pair: Set<String>] = [:], evidence: [Pair: Set<Location>] = [:], inverted: [Pair: Bool] = [:]
        for entry in matched where production(entry.resolution.module) != nil {
            let resolution = entry.resolution
            var consumer = resolution.module
            if let within = entry.within {
                let outer = registrations[within]
                consumer = types.home(of: outer.implementation, near: outer.module) ?? outer.module
            }
            for index in entry.served {
                let registration = registrations[index]
                let provider = types.home(of: registration.implementation, near: registration.module) ?? registration.module
                guard provider != consumer, let to = production(provider), let from = production(consumer) else { continue }
                let pair = Pair(from, to)
                services[pair, default: []].insert(resolution.service)
                evidence[pair, default: []].insert(resolution.evidence)
                // Inverted when the abstraction asked for lives where the consumer already looks.
                let abstraction = types.home(of: registration.type ?? resolution.service, near: consumer)
                let sees = abstraction.map { $0 == consumer || depends(consumer, on: $0) } ?? false
                inverted[pair] = (inverted[pair] ?? true) && sees
            }
        }
        // In their modules' name order: the graph's nodes are numbered by name.
        var edges = services.keys.sorted { ($0.from, $0.to) < ($1.from, $1.to) }.map { pair in
            InjectionEdge(
                from: graph[pair.from].module.id, to: graph[pair.to].module.id, services: services[pair]!.sorted(),
                containerOnly: !graph.depends(pair.from, on: pair.to), inverted: inverted[pair] ?? false,
                evidence: evidence[pair]!.sorted())
        }
        markBreaks(&edges, graph: graph, containerPairs: Array(services.keys), rules: rules)
        return (edges, registrations.map { types.home(of: $0.implementation, near: $0.module) })
    }

    /// Flags the container-only edges that are not dependency inversion with what they break:
    /// a layer, when they go up, and a cycle, when both ends share a strongly connected component
    /// of imports and container edges.
    static func markBreaks(_ edges: inout [InjectionEdge], graph: ModuleGraph, containerPairs: [ModuleGraph.Edge], rules: ArchitectureRules) {
        let components = Digraph(count: graph.modules.count, edges: (graph.pairs + containerPairs).map(\.pair)).components().component
        func component(_ id: ModuleID) -> Int? { graph.node(id).map { components[$0.index] } }
        for index in edges.indices where edges[index].containerOnly && !edges[index].inverted {
            let edge = edges[index], from = graph.name(of: edge.from), to = graph.name(of: edge.to)
            if let lower = rules.layer(of: from), let higher = rules.layer(of: to), LayerRules.goesUp(from, lower, to: to, higher, rules: rules) {
                edges[index].breaks.append("layer")
            }
            if let own = component(edge.from), component(edge.to) == own { edges[index].breaks.append("cycle") }
        }
    }
}

/// What DI reads of one file: its injection syntax as it is, its values and declarations but for
/// their lines (which an edit above them moves), and whether it spells Factory's types
/// (`FactoryContainers`). Two files read the same give the same containers, names and report.
struct InjectionRead: Equatable {
    var injections: [InjectionFact], values: [ValueFact], declarations: [DeclarationFact], spellsFactory: Bool

    init(_ facts: FileFacts) {
        injections = facts.injections
        values = facts.values.map { value in
            var value = value
            value.line = 0
            return value
        }
        declarations = facts.declarations.map { declaration in
            var declaration = declaration
            declaration.line = 0
            return declaration
        }
        spellsFactory = InjectionNames.factoryTypes.contains { facts.referenceIndex(of: $0) != nil }
    }

    /// Whether DI reads two files' facts alike: the same facts (at once), or read the same.
    static func same(_ old: FileFacts, _ new: FileFacts) -> Bool {
        old == new || InjectionRead(old) == InjectionRead(new)
    }
}
