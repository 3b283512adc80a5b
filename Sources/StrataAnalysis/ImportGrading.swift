import StrataModel

extension ImportUsage {
    /// What grading every module's imports reads, made once and then only read (from many
    /// threads): the units (the repository's modules, then the external modules whose sources
    /// are checked out, `Project.dependencySources`), their names, what each unit an import
    /// reaches re-exports.
    struct Grading {
        let project: Project
        let modules: [AssembledModule]
        let byImportName: [String: [Int]]
        /// Import edges by their modules' indices, `from * count + to`.
        let edgeIndex: [Int: Int]
        let tables: [Table]
        /// Which types each file can reach, for members.
        let memberReach: MemberReach
        let index: Index
        /// Every source path, sorted, and each one's place: a symbol's first site compares so.
        let paths: [String]
        let ordinals: [String: Int]
        /// By unit an import reaches: what it re-exports (`@_exported import` of an internal
        /// module), transitively, itself first; nil when that is not all here.
        let reexports: [Int: [Int]?]
        /// The last analysis's grades of the modules, by name, when all they read besides their
        /// own files and imports is the same (`AnalysisMemo`); else empty.
        let graded: [String: AnalysisMemo.ModuleGrade]
        /// What the public headers of C and Objective-C modules add.
        var headers: HeaderGrading { HeaderGrading(project: project, modules: modules) }

        /// This analysis's units and what it made of them, for the next (`AnalysisMemo`).
        let kept: AnalysisMemo.Grading

        /// - Parameter last: the last analysis's units, taken again where their files are the same.
        init(_ project: Project, workers: any Workers, last: AnalysisMemo.Grading? = nil) {
            self.project = project
            let units = Units(project), count = units.count
            let edgeIndex = Self.importEdges(of: project)
            // Each unit's table and part of the members' reach: the last analysis's where they
            // are the same (a session's, a history's next commit), else made again.
            let keys = (0..<count).map(units.key), tabled = units.tabled()
            let made = Self.units(keys: keys, tabled: tabled, last: last, workers: workers) { (units.files($0), units.headers.interface($0)) }
            let tables = (0..<count).map { tabled[$0] ? made.units[$0].table ?? Table() : Table() }
            let same = made.same
            let index = (same && last?.tabled == tabled ? last?.index : nil) ?? Self.index(of: tables)
            memberReach = (same ? last?.reach : nil) ?? MemberReach(parts: made.units.map(\.reach))
            // The units imports reach, each with what it re-exports.
            let reached = Self.reached(in: project, byImportName: units.byImportName, edgeIndex: edgeIndex, workers: workers)
            reexports = Dictionary(uniqueKeysWithValues: zip(reached, workers.map(reached.count) { units.reexports(reached[$0]) }))
            // The last paths and their places while every module's files have the last paths.
            let lastPaths = last.flatMap { last -> (paths: [String], ordinals: [String: Int])? in
                guard let paths = last.environment?.paths, let ordinals = last.ordinals, last.keys == keys,
                    (0..<units.modules.count).allSatisfy({ unit in
                        guard let old = last.units[keys[unit]]?.files else { return false }
                        let files = made.units[unit].files
                        return old == files || old.elementsEqual(files) { $0.path == $1.path }
                    })
                else { return nil }
                return (paths, ordinals)
            }
            let paths = lastPaths?.paths ?? project.sources.values.joined().map(\.path).sorted()
            ordinals = lastPaths?.ordinals ?? Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            (modules, byImportName, self.edgeIndex, self.tables, self.index, self.paths) = (units.modules, units.byImportName, edgeIndex, tables, index, paths)
            // What every module's grading reads besides its own files and imports: the same
            // as the last analysis's, a module whose own are the same too is graded as it was.
            let environment = Environment(
                keys: keys, tabled: tabled, modules: modules.map(Environment.Shape.init), reexports: reexports, edgeIndex: edgeIndex,
                paths: paths, clang: project.clang)
            graded = same && last?.environment == environment ? last?.modules ?? [:] : [:]
            kept = AnalysisMemo.Grading(
                units: Dictionary(zip(keys, made.units), uniquingKeysWith: { first, _ in first }), keys: keys, tabled: tabled,
                reach: memberReach, index: index, environment: environment, ordinals: ordinals)
        }

        /// The units grading reads, numbered: the repository's modules, then the external
        /// modules whose sources are checked out (`Project.dependencySources`).
        private struct Units {
            let project: Project
            let modules: [AssembledModule]
            let external: [String]
            let byImportName: [String: [Int]]
            let headers: HeaderGrading
            var count: Int { modules.count + external.count }

            init(_ project: Project) {
                self.project = project
                modules = project.modules
                var byImportName: [String: [Int]] = [:]
                for (index, module) in modules.enumerated() { byImportName[module.importName, default: []].append(index) }
                external = project.dependencySources.keys.filter { byImportName[$0] == nil && !(project.dependencySources[$0]?.isEmpty ?? true) }.sorted()
                for (offset, name) in external.enumerated() { byImportName[name] = [modules.count + offset] }
                self.byImportName = byImportName
                headers = HeaderGrading(project: project, modules: modules)
            }

            func files(_ unit: Int) -> [SourceFile] {
                unit < modules.count ? project.sources[modules[unit].id] ?? [] : project.dependencySources[external[unit - modules.count]] ?? []
            }

            /// A unit's key from analysis to analysis (`AnalysisMemo`).
            func key(_ unit: Int) -> String { unit < modules.count ? "module " + modules[unit].name : "checkout " + external[unit - modules.count] }

            /// Whether what the unit declares is known: its Swift files, or its public headers read.
            func hasFiles(_ unit: Int) -> Bool { unit < modules.count ? modules[unit].files > 0 || headers.interface(unit) != nil : true }

            /// The modules a unit re-exports by name (`@_exported import`, and what its headers
            /// include); nil when a checked-out module re-exports one under an `#if`.
            func exportedImports(_ unit: Int) -> [String]? {
                guard unit >= modules.count else {
                    return modules[unit].imports.filter { $0.attributes?.contains("@_exported") == true }.map(\.module) + (headers.interface(unit)?.reexports ?? [])
                }
                let exported = files(unit).flatMap { $0.facts.imports.filter { $0.attributes.contains("@_exported") } }
                return exported.contains { $0.condition != nil } ? nil : exported.map(\.module)
            }

            /// By unit: whether its names are tabled. Those of the modules some import reaches
            /// (an app or a test target nothing imports needs no table), with what they
            /// re-export, and of every checked-out module, where what they declare is known.
            func tabled() -> [Bool] {
                var named: Set<Int> = []
                for edge in project.edges where edge.imported { if let to = project.graph.node(edge.to) { named.insert(to.index) } }
                named.formUnion(modules.count..<count)
                for module in Array(named) {
                    for exported in exportedImports(module) ?? [] { named.formUnion(byImportName[exported] ?? []) }
                }
                return (0..<count).map { named.contains($0) && hasFiles($0) }
            }

            /// What a unit re-exports, transitively, itself first; nil when that is not all here.
            func reexports(_ unit: Int) -> [Int]? {
                guard hasFiles(unit) else { return nil }
                var seen: Set<Int> = [unit], order = [unit], queue = [unit]
                while let current = queue.popLast() {
                    guard let exports = exportedImports(current) else { return nil }
                    for exported in exports {
                        let targets = byImportName[exported] ?? []
                        if targets.isEmpty || targets.contains(where: { !hasFiles($0) }) { return nil }
                        for target in targets where seen.insert(target).inserted {
                            order.append(target)
                            queue.append(target)
                        }
                    }
                }
                return order
            }
        }

        /// Every name any module declares, by name: the modules declaring it and as what.
        static func index(of tables: [Table]) -> Index {
            var index: Index = [:]
            for (module, table) in tables.enumerated() {
                for (name, symbol) in table.symbols { index[name, default: []].append((module, symbol)) }
            }
            return index
        }

        /// The units some import of a module with sources reaches, sorted.
        static func reached(in project: Project, byImportName: [String: [Int]], edgeIndex: [Int: Int], workers: any Workers = SerialWorkers()) -> [Int] {
            let count = project.modules.count
            let byModule = workers.map(count) { index -> Set<Int> in
                let module = project.modules[index]
                guard !(project.sources[module.id] ?? []).isEmpty else { return [] }
                return Set(module.imports.compactMap { target(of: $0, from: index, byImportName: byImportName, edgeIndex: edgeIndex, count: count) })
            }
            return byModule.reduce(into: Set<Int>()) { $0.formUnion($1) }.sorted()
        }

        /// The internal module an import reaches, through the edge assembly made, else the
        /// checked-out external module it names.
        static func target(of site: ImportSite, from module: Int, byImportName: [String: [Int]], edgeIndex: [Int: Int], count: Int) -> Int? {
            (byImportName[site.module] ?? []).first { $0 >= count || $0 != module && edgeIndex[module * count + $0] != nil }
        }

        /// One module's imports graded.
        struct Graded {
            /// Its `unused` and `probably-unused` imports.
            var graded: [GradedImport] = []
            var counts: [String: Int] = [:]
            /// The symbols behind its edges, by edge index.
            var symbols: [Int: [String: Tally]] = [:]
            var unknown: [String: Int] = [:]
        }

        /// Why an import whose module's sources are not here is `unknown`.
        func unknownReason(_ candidate: Candidate, of module: AssembledModule) -> ImportReport.UnknownReason {
            let name = candidate.site.module
            if let target = candidate.target {
                return target < modules.count && modules[target].files == 0 ? .withoutSwift : .reexports
            }
            if SystemModules.contains(name) { return .sdk }
            let declared = module.dependencies.filter { $0.name == name || $0.podName == name }
            if declared.contains(where: { $0.kind == .binary }) { return .binary }
            if declared.contains(where: { $0.kind == .sdk }) { return .sdk }
            // A product's module may be named otherwise than the product: any package, pod or
            // external dependency may be where it comes from.
            let external: Set<DependencyKind> = [.product, .external, .pod, .byName, .project]
            return !declared.isEmpty || module.dependencies.contains(where: { external.contains($0.kind) }) ? .notCheckedOut : .notFound
        }

        /// A module's names a file could use (all, or those visible without `@testable`),
        /// counted, with the first three by name of those it declares (not a type it extends).
        static func summary(of table: Table, all: Bool) -> (count: Int, first: [String]) {
            var count = 0, first: [String] = []
            for (name, symbol) in table.symbols where all || symbol.exposed {
                count += 1
                guard symbol.kind != .extension, symbol.kind != .conformance else { continue }
                if first.count < 3 || name < first[2] {
                    first.append(name)
                    first.sort()
                    if first.count > 3 { first.removeLast() }
                }
            }
            return (count, first)
        }

        /// The import edges by their modules' indices, `from * count + to`.
        static func importEdges(of project: Project) -> [Int: Int] {
            var edgeIndex: [Int: Int] = [:]
            for (index, edge) in project.edges.enumerated() where edge.imported {
                if let key = project.graph.edge(from: edge.from, to: edge.to) {
                    edgeIndex[key.from.index * project.modules.count + key.to.index] = index
                }
            }
            return edgeIndex
        }

        /// One module's imports graded, and the symbols behind its edges by edge index (those
        /// of `wanted`, nil: all).
        func grade(module moduleIndex: Int, symbols wanted: Set<Int>?) -> Graded {
            let module = modules[moduleIndex]
            var result = Graded()
            let files = project.sources[module.id] ?? []
            guard !files.isEmpty else { return result }
            var sitesByFile: [String: [ImportSite]] = [:]
            for site in module.imports { sitesByFile[site.evidence.file, default: []].append(site) }
            func target(of site: ImportSite) -> Int? { Self.target(of: site, from: moduleIndex, byImportName: byImportName, edgeIndex: edgeIndex, count: modules.count) }
            let targetsByFile = sitesByFile.mapValues { $0.map(target) }
            // A module's names a file could use, counted, with the first three by name.
            var summaries: [Int: (count: Int, first: [String])] = [:]
            func summary(_ module: Int, all: Bool) -> (count: Int, first: [String]) {
                let key = all ? -1 - module : module
                if let known = summaries[key] { return known }
                let found = Self.summary(of: tables[module], all: all)
                summaries[key] = found
                return found
            }
            for file in files {
                guard let sites = sitesByFile[file.path] else { continue }
                var grading = FileGrading(grading: self, module: moduleIndex, facts: file.facts, sites: Array(zip(sites, targetsByFile[file.path] ?? [])))
                for position in grading.candidates.indices where grading.candidates[position].site.module != module.importName {
                    let candidate = grading.candidates[position]
                    let verdict: GradeVerdict
                    if candidate.site.attributes?.contains("@_exported") == true {
                        verdict = GradeVerdict(grade: .exported)
                    } else if let site = grading.site(position) {
                        verdict = GradeRules.verdict(site, &grading)
                        if verdict.grade != .unused, let target = candidate.target, target < modules.count,
                           let edge = edgeIndex[moduleIndex * modules.count + target], wanted?.contains(edge) ?? true {
                            tally(site.counted, of: file, on: edge, into: &result, firstLine: candidate.site.evidence.line ?? 1)
                        }
                    } else {
                        verdict = GradeVerdict(grade: .unknown)
                        result.unknown[unknownReason(candidate, of: module).rawValue, default: 0] += 1
                    }
                    result.counts[verdict.grade.rawValue, default: 0] += 1
                    guard verdict.grade == .unused || verdict.grade == .probablyUnused, let reach = candidate.reachedModules else { continue }
                    // What was looked for: counted once per module (a module imported unused in
                    // many files is summed up once).
                    let summaries = reach.enumerated().map { offset, module in summary(module, all: candidate.testable && offset == 0) }
                    result.graded.append(GradedImport(
                        module: module.name, imported: candidate.site.module, grade: verdict.grade, evidence: candidate.site.evidence,
                        uses: verdict.uses.sorted(), declares: summaries.reduce(0) { $0 + $1.count },
                        examples: Array(Set(summaries.flatMap(\.first)).sorted().prefix(3)), coveredBy: verdict.coveredBy,
                        clangHeaders: verdict.headers.map { _ in true }, headersNote: verdict.headers?.note, conformance: verdict.conformance))
                }
            }
            return result
        }

        /// The names a file spells of an import's modules, added to the symbols behind its edge
        /// (each at its first line, else `firstLine`).
        func tally(_ matches: [Match], of file: SourceFile, on edge: Int, into result: inout Graded, firstLine: Int) {
            let facts = file.facts
            // Taken out and put back: mutated in place, never copied.
            var behind = result.symbols.removeValue(forKey: edge) ?? [:]
            let ordinal = ordinals[file.path] ?? 0
            for match in matches {
                let count = match.index < facts.referenceCounts.count ? Int(facts.referenceCounts[match.index]) : 1
                let line = match.index < facts.referenceLines.count ? Int(facts.referenceLines[match.index]) : firstLine
                if let existing = behind.index(forKey: match.name) {
                    behind.values[existing].count += count
                    let tally = behind.values[existing]
                    if (ordinal, line) < (tally.file, tally.line) { (behind.values[existing].file, behind.values[existing].line) = (ordinal, line) }
                } else {
                    behind[match.name] = Tally(kind: match.symbol.kind, count: count, file: ordinal, line: line)
                }
            }
            result.symbols[edge] = behind
        }
    }
}
