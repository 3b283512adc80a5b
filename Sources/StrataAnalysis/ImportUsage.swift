import StrataModel

/// Grades every import by what its file names of the imported module, from the symbol index
/// (each file's references and each module's declarations), and finds the symbols behind each
/// import edge. No build: a file "uses" a module when it spells a name the module declares or
/// extends and a file of another module can see (public, or internal through `@testable`).
///
/// Conservative where a name cannot tell: a top-level name (a type, function, variable,
/// operator, macro) is a use; a member name is a use when a type declaring it in the module can
/// be at hand in the file (`MemberReach`), unless another module the file sees declares it too
/// (then `probably-unused`); a conformance the module adds to another module's type is a use
/// only where the file names the protocol (a conformance is visible wherever its module is
/// loaded, whatever the file imports), and at most `probably-unused` where the protocol is
/// another module's and a generic call may need it unnamed; a module whose sources are not
/// here is `unknown`, never claimed.
enum ImportUsage {
    /// A name a module declares, as a file of another module could name it.
    struct Symbol: Equatable {
        var kind: String
        /// Visible without `@testable`: public, open or package.
        var exposed: Bool
        /// A member (an operator implemented in a type included), or what a type gains from an
        /// extension (a conformance, an initializer): found through a value of a type, not by
        /// its name alone.
        var isMember: Bool
    }

    /// One module's names.
    struct Table: Equatable {
        var symbols: [String: Symbol] = [:]
        /// It declares a public `callAsFunction`, which a file calls without spelling it: an
        /// import of it is never claimed `unused`, only `probably-unused`.
        var implicitlyCalled = false
        /// By member name: the simple names of the types that declare it or that the module
        /// extends with it. By type extended with a conformance (a `conformance` symbol): the
        /// protocols added. Apart from `symbols`, which the matching copies by the thousand.
        var owners: [String: [String]] = [:]
        /// Conformances it adds of a type it does not declare to a protocol it does not
        /// declare (`Bool: Identifiable`), sorted: a generic call of another module may need
        /// one without the file naming anything of this one.
        var retroactive: [Conformance] = []

        /// A conformance an extension adds: `Bool: Identifiable`.
        struct Conformance: Hashable, Comparable {
            var type: String
            var conformed: String

            var text: String { "\(type): \(conformed)" }

            static func < (lhs: Conformance, rhs: Conformance) -> Bool { lhs.text < rhs.text }
        }

        mutating func add(_ name: String, _ kind: String, exposed: Bool, member: Bool = false, owner: String? = nil) {
            if let found = symbols.index(forKey: name) {
                // A name declared both ways counts as the stronger: top level, exposed; an
                // extension with unnamed members over a bare conformance.
                let existing = symbols.values[found]
                let stronger = existing.isMember && !member || existing.kind == "conformance" && kind == "extension"
                symbols.values[found] = Symbol(
                    kind: stronger ? kind : existing.kind, exposed: existing.exposed || exposed, isMember: existing.isMember && member)
            } else {
                symbols[name] = Symbol(kind: kind, exposed: exposed, isMember: member)
            }
            // Repeats are harmless (each owner is asked once per file): not looked for.
            if let owner { owners[name, default: []].append(owner) }
        }

        /// `extension String: Identifiable`, `extension URL { public init(api:) }`: a file
        /// naming the type may need what the extension adds without naming it (a conformance,
        /// an initializer, a subscript); named members count as members. Returns the
        /// conformances it adds, marker protocols left out.
        mutating func add(extension declaration: DeclarationFact) -> [Conformance] {
            let extended = DeclarationFact.simpleName(DeclarationFact.plainName(declaration.name))
            if declaration.traits.contains(.unnamedMembers) { add(extended, "extension", exposed: true, member: true) }
            let protocols = declaration.inherits.map(MemberReach.typeName)
            for conformed in protocols { add(extended, "conformance", exposed: true, member: true, owner: conformed) }
            return protocols.filter { !MemberReach.markers.contains($0) }.map { Conformance(type: extended, conformed: $0) }
        }
    }

    /// How a symbol's kind names a top-level declaration: a type otherwise.
    static let topLevelKinds: [DeclarationKind: String] = [.func: "func", .var: "var", .macro: "macro"]

    static func table(of files: [SourceFile], headers: ClangInterface? = nil) -> Table {
        var table = Table()
        var conformances: Set<Table.Conformance> = []
        for file in files {
            let declarations = file.facts.declarations
            // Private and fileprivate names are no other file's; read by index, copied only when kept.
            for position in declarations.indices where declarations[position].access < .fileprivate {
                let declaration = declarations[position]
                guard declaration.kind != .extension else {
                    conformances.formUnion(table.add(extension: declaration))
                    continue
                }
                let name = DeclarationFact.plainName(declaration.name)
                let exposed = declaration.access <= .package
                let isOperator = name.first.map { !($0.isLetter || $0 == "_") } ?? false
                // Called without being named: `send(.tap)` through `callAsFunction`.
                if name == "callAsFunction", exposed { table.implicitlyCalled = true }
                let owner = declaration.parent.map(DeclarationFact.simpleName)
                if isOperator {
                    // `static func +` in a type is found through its operands' type, like a member.
                    table.add(name, "operator", exposed: exposed, member: declaration.parent != nil, owner: owner)
                } else if declaration.parent != nil {
                    table.add(name, "member", exposed: exposed, member: true, owner: owner)
                } else {
                    table.add(name, topLevelKinds[declaration.kind] ?? "type", exposed: exposed)
                }
            }
            // Enum cases, reached as `.name` members.
            for value in file.facts.values where value.kind == .enumeration {
                let owner = DeclarationFact.simpleName(value.name)
                for branch in value.branches { for name in branch.cases { table.add(name, "member", exposed: true, member: true, owner: owner) } }
            }
        }
        // What its public headers declare: public to every importer.
        for name in headers?.names ?? [] { table.add(name.name, name.kind, exposed: true, member: name.isMember) }
        func declared(_ name: String) -> Bool { table.symbols[name].map { !$0.isMember } ?? false }
        table.retroactive = conformances.filter { !declared($0.type) && !declared($0.conformed) }.sorted()
        return table
    }

    /// A symbol behind an edge while files are read: where it is first spelled as the file's
    /// place in path order and the line, compared as numbers; made an `EdgeSymbol` at the end.
    struct Tally {
        var kind: String
        var count: Int
        var file: Int
        var line: Int
    }

    struct Result {
        var report: ImportReport
        /// By edge index in `project.edges`: the symbols kept (`ImportEdge.symbolsKept`) and how
        /// many more there are.
        var symbols: [Int: (kept: [EdgeSymbol], more: Int)]
    }

    /// A name of the file (its index in the file's references) found in what an import reaches.
    struct Match {
        var index: Int
        var name: String
        var symbol: Symbol
        /// The modules the import reaches that declare it (its target, or modules it
        /// re-exports), the one whose `symbol` this is first.
        var modules: [Int]
    }

    /// One import of a file and what it gives the file.
    struct Candidate {
        var site: ImportSite
        var target: Int?
        var testable: Bool
        /// The modules it reaches (its target and what that re-exports); nil when they are not
        /// all here (a module outside the repository, re-exported or not).
        var reachedModules: [Int]?
        var matched: [Match]
    }

    /// Every name any module declares: by name, the modules declaring it and as what. A file's
    /// names are looked up once each, whatever the number of its imports.
    typealias Index = [String: [(module: Int, symbol: Symbol)]]

    /// The imports of one file and what each gives it.
    static func match(
        _ sites: [(site: ImportSite, target: Int?)], in facts: FileFacts, index: Index, reexported: (Int) -> [Int]?
    ) -> [Candidate] {
        var candidates = sites.map { site, target in
            let testable = site.attributes?.contains("@testable") == true
            let through = target.flatMap(reexported)
            return Candidate(site: site, target: target, testable: testable, reachedModules: through, matched: [])
        }
        // By module, the imports reaching it and whether it is their target (`@testable`
        // opens only that).
        var reaching: [Int: [(candidate: Int, isTarget: Bool)]] = [:]
        for (position, candidate) in candidates.enumerated() {
            for module in candidate.reachedModules ?? [] { reaching[module, default: []].append((position, module == candidate.target)) }
        }
        guard !reaching.isEmpty else { return candidates }
        // One name of the file, for the imports `admitted` picks among those reaching a module declaring it.
        func add(_ referenceIndex: Int, _ name: String, to admitted: (Int) -> Bool) {
            guard let entries = index[name] else { return }
            // By import: where its match is in `matched`; the first module found gives the
            // symbol, every module found is kept.
            var matched: [Int: Int] = [:]
            for entry in entries {
                for (position, isTarget) in reaching[entry.module] ?? [] where admitted(position) {
                    guard entry.symbol.exposed || candidates[position].testable && isTarget else { continue }
                    if let known = matched[position] {
                        candidates[position].matched[known].modules.append(entry.module)
                        continue
                    }
                    matched[position] = candidates[position].matched.count
                    var symbol = entry.symbol
                    if candidates[position].site.symbol != nil, symbol.isMember { (symbol.kind, symbol.isMember) = ("type", false) }  // `import struct M.T` names T
                    candidates[position].matched.append(Match(index: referenceIndex, name: name, symbol: symbol, modules: [entry.module]))
                }
            }
        }
        // `import struct M.T`: only T.
        var scoped = Set<Int>()
        for (position, candidate) in candidates.enumerated() {
            guard let symbolName = candidate.site.symbol.map({ String($0.split(separator: ".")[0]) }) else { continue }
            scoped.insert(position)
            if let referenceIndex = facts.referenceIndex(of: symbolName) { add(referenceIndex, symbolName) { $0 == position } }
        }
        if scoped.count < candidates.count {
            for (referenceIndex, name) in facts.references.enumerated() { add(referenceIndex, name) { !scoped.contains($0) } }
        }
        return candidates
    }

    /// What the caller reads of the grading.
    struct Wanted {
        /// Every import's grade (`AnalysisExtras.importGrades`, or the `unused-import` rule's
        /// findings); without them only the modules the wanted symbols start at are graded.
        var grades: Bool
        /// The edges whose symbols are wanted, by index in `project.edges`; nil: every edge.
        var symbols: Set<Int>?

        /// What `extras` shows and the findings of `rules` read: the symbols of every edge, or
        /// of the undeclared imports' edges, which an `implicit-dependency` finding names.
        init(_ extras: AnalysisExtras, rules: ArchitectureRules, implicit: [ImplicitDependency], edges: [ImportEdge]) {
            grades = extras.contains(.importGrades) || rules.severity(of: .unusedImport) != nil
            guard !extras.contains(.edgeSymbols) else { return }
            struct Ends: Hashable { var from, to: String }
            let named = rules.severity(of: .implicitDependency) == nil ? [] : Set(implicit.map { Ends(from: $0.module, to: $0.dependency) })
            symbols = Set(edges.indices.filter { edges[$0].imported && named.contains(Ends(from: edges[$0].from, to: edges[$0].to)) })
        }
    }

    static func analyze(_ project: Project, wanted: Wanted, workers: any Workers = SerialWorkers(), memo: AnalysisMemo? = nil) -> Result {
        // The modules graded: all of them, or those the wanted symbols' edges start at.
        let starts = wanted.grades ? nil : wanted.symbols.map { Set($0.map { project.edges[$0].from }) }
        guard starts?.isEmpty != true else { return Result(report: .empty, symbols: [:]) }
        let grading = Grading(project, workers: workers, memo: memo)
        // Each module's files graded on their own (an import edge starts at one module), side by side.
        let grades = workers.map(project.modules.count) { index -> AnalysisMemo.ModuleGrade? in
            let module = project.modules[index], files = project.sources[module.name] ?? []
            guard starts?.contains(module.name) != false else { return nil }
            if let kept = grading.graded[module.name], kept.module == module, kept.files == files, kept.wanted == wanted.symbols { return kept }
            return AnalysisMemo.ModuleGrade(module: module, files: files, wanted: wanted.symbols, graded: grading.grade(module: index, symbols: wanted.symbols))
        }
        memo?.keep(grades.compactMap { $0 })
        let parts = grades.map { $0?.graded ?? Grading.Graded() }
        var graded: [GradedImport] = [], counts: [String: Int] = [:], symbols: [Int: [String: Tally]] = [:]
        var unknown: [String: Int] = [:]
        for part in parts {
            graded += part.graded
            counts.merge(part.counts, uniquingKeysWith: +)
            unknown.merge(part.unknown, uniquingKeysWith: +)
            symbols.merge(part.symbols) { first, _ in first }
        }
        let paths = grading.paths
        // Most used first, the first `ImportEdge.symbolsKept` kept, the rest counted.
        let ordered = symbols.mapValues { named in
            let kept = named.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.prefix(ImportEdge.symbolsKept).map {
                EdgeSymbol(kind: $0.value.kind, name: $0.key, count: $0.value.count, evidence: Location(file: paths[$0.value.file], line: $0.value.line))
            }
            return (kept: kept, more: named.count - kept.count)
        }
        return Result(report: wanted.grades ? ImportReport(imports: graded.sorted(), counts: counts, unknown: unknown) : .empty, symbols: ordered)
    }

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

        /// - Parameter memo: the last analysis's units, taken again where their files are the
        ///   same; this analysis's are kept in it.
        init(_ project: Project, workers: any Workers, memo: AnalysisMemo? = nil) {
            self.project = project
            let modules = project.modules
            var byImportName: [String: [Int]] = [:]
            for (index, module) in modules.enumerated() { byImportName[module.importName, default: []].append(index) }
            let external = project.dependencySources.keys.filter { byImportName[$0] == nil && !(project.dependencySources[$0]?.isEmpty ?? true) }.sorted()
            for (offset, name) in external.enumerated() { byImportName[name] = [modules.count + offset] }
            func unitFiles(_ unit: Int) -> [SourceFile] {
                unit < modules.count ? project.sources[modules[unit].name] ?? [] : project.dependencySources[external[unit - modules.count]] ?? []
            }
            let headers = HeaderGrading(project: project, modules: modules)
            /// Whether what the unit declares is known: its Swift files, or its public headers read.
            func hasFiles(_ unit: Int) -> Bool { unit < modules.count ? modules[unit].files > 0 || headers.interface(unit) != nil : true }
            /// The modules a unit re-exports by name (`@_exported import`, and what its headers
            /// include); nil when a checked-out module re-exports one under an `#if`.
            func exportedImports(_ unit: Int) -> [String]? {
                guard unit >= modules.count else {
                    return modules[unit].imports.filter { $0.attributes?.contains("@_exported") == true }.map(\.module) + (headers.interface(unit)?.reexports ?? [])
                }
                let exported = unitFiles(unit).flatMap { $0.facts.imports.filter { $0.attributes.contains("@_exported") } }
                return exported.contains { $0.condition != nil } ? nil : exported.map(\.module)
            }
            let edgeIndex = Self.importEdges(of: project)
            // Each module's names, and all of them by name: of the modules some import reaches
            // (an app or a test target nothing imports needs no table), with what they re-export.
            var named: Set<Int> = []
            for edge in project.edges where edge.imported { if let to = project.graph.node(named: edge.to) { named.insert(to.index) } }
            named.formUnion(modules.count..<(modules.count + external.count))
            for module in Array(named) {
                for exported in exportedImports(module) ?? [] { named.formUnion(byImportName[exported] ?? []) }
            }
            // Each unit's table and part of the members' reach: the last analysis's where they
            // are the same (a session's, a history's next commit), else made again.
            let count = modules.count + external.count
            let keys = (0..<count).map { $0 < modules.count ? "module " + modules[$0].name : "checkout " + external[$0 - modules.count] }
            let tabled = (0..<count).map { named.contains($0) && hasFiles($0) }
            let last = memo?.grading
            let made = Self.units(keys: keys, tabled: tabled, last: last, workers: workers) { (unitFiles($0), headers.interface($0)) }
            let tables = (0..<count).map { tabled[$0] ? made.units[$0].table ?? Table() : Table() }
            let same = made.same && last?.keys == keys
            let index = same && last?.tabled == tabled ? last?.index ?? Self.index(of: tables) : Self.index(of: tables)
            memberReach = same ? last?.reach ?? MemberReach(parts: made.units.map(\.reach)) : MemberReach(parts: made.units.map(\.reach))
            func reexportClosure(_ unit: Int) -> [Int]? {
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
            // The units imports reach, each with what it re-exports.
            let units = Self.reached(in: project, byImportName: byImportName, edgeIndex: edgeIndex)
            reexports = Dictionary(uniqueKeysWithValues: zip(units, workers.map(units.count) { reexportClosure(units[$0]) }))
            let paths = project.sources.values.joined().map(\.path).sorted()
            ordinals = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            (self.modules, self.byImportName, self.edgeIndex, self.tables, self.index, self.paths) = (modules, byImportName, edgeIndex, tables, index, paths)
            // What every module's grading reads besides its own files and imports: the same
            // as the last analysis's, a module whose own are the same too is graded as it was.
            let environment = Environment(
                keys: keys, tabled: tabled, modules: modules.map(Environment.Shape.init), reexports: reexports, edgeIndex: edgeIndex,
                paths: paths, clang: project.clang)
            graded = same && last?.environment == environment ? last?.modules ?? [:] : [:]
            memo?.grading = AnalysisMemo.Grading(
                units: Dictionary(zip(keys, made.units), uniquingKeysWith: { first, _ in first }), keys: keys, tabled: tabled,
                reach: memberReach, index: index, environment: environment)
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
        static func reached(in project: Project, byImportName: [String: [Int]], edgeIndex: [Int: Int]) -> [Int] {
            var reached: Set<Int> = []
            for (index, module) in project.modules.enumerated() where !(project.sources[module.name] ?? []).isEmpty {
                for site in module.imports {
                    if let target = target(of: site, from: index, byImportName: byImportName, edgeIndex: edgeIndex, count: project.modules.count) {
                        reached.insert(target)
                    }
                }
            }
            return reached.sorted()
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
        /// counted, with the first three by name.
        static func summary(of table: Table, all: Bool) -> (count: Int, first: [String]) {
            var count = 0, first: [String] = []
            for (name, symbol) in table.symbols where all || symbol.exposed {
                count += 1
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
                if let from = project.graph.node(named: edge.from), let to = project.graph.node(named: edge.to) {
                    edgeIndex[from.index * project.modules.count + to.index] = index
                }
            }
            return edgeIndex
        }

        /// One module's imports graded, and the symbols behind its edges by edge index (those
        /// of `wanted`, nil: all).
        func grade(module moduleIndex: Int, symbols wanted: Set<Int>?) -> Graded {
        let module = modules[moduleIndex]
        var result = Graded()
        let files = project.sources[module.name] ?? []
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
