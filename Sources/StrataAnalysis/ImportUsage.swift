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
    /// What a name a module declares is, as the symbols behind an edge say it (`EdgeSymbol.kind`).
    enum SymbolKind: String {
        case type, `func`, `var`, macro, `operator`, member
        /// A type the module extends with members a file uses without naming them (an
        /// initializer, a subscript): the type's name.
        case `extension`
        /// A type the module adds a conformance to: the type's name.
        case conformance

        /// A header's name's kind (`ClangInterface.Name.kind`); `type` for one this Strata
        /// does not know.
        init(header kind: String) { self = SymbolKind(rawValue: kind) ?? .type }
    }

    struct Symbol: Equatable {
        var kind: SymbolKind
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

        mutating func add(_ name: String, _ kind: SymbolKind, exposed: Bool, member: Bool = false, owner: String? = nil) {
            if let found = symbols.index(forKey: name) {
                // A name declared both ways counts as the stronger: top level, exposed; an
                // extension with unnamed members over a bare conformance.
                let existing = symbols.values[found]
                let stronger = existing.isMember && !member || existing.kind == .conformance && kind == .extension
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
            if declaration.traits.contains(.unnamedMembers) { add(extended, .extension, exposed: true, member: true) }
            let protocols = declaration.inherits.map(MemberReach.typeName)
            for conformed in protocols { add(extended, .conformance, exposed: true, member: true, owner: conformed) }
            return protocols.filter { !MemberReach.markers.contains($0) }.map { Conformance(type: extended, conformed: $0) }
        }
    }

    /// How a symbol's kind names a top-level declaration: a type otherwise.
    static let topLevelKinds: [DeclarationKind: SymbolKind] = [.func: .func, .var: .var, .macro: .macro]

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
                    table.add(name, .operator, exposed: exposed, member: declaration.parent != nil, owner: owner)
                } else if declaration.parent != nil {
                    table.add(name, .member, exposed: exposed, member: true, owner: owner)
                } else {
                    table.add(name, topLevelKinds[declaration.kind] ?? .type, exposed: exposed)
                }
            }
            // Enum cases, reached as `.name` members.
            for value in file.facts.values where value.kind == .enumeration {
                let owner = DeclarationFact.simpleName(value.name)
                for branch in value.branches { for name in branch.cases { table.add(name, .member, exposed: true, member: true, owner: owner) } }
            }
        }
        // What its public headers declare: public to every importer.
        for name in headers?.names ?? [] { table.add(name.name, SymbolKind(header: name.kind), exposed: true, member: name.isMember) }
        func declared(_ name: String) -> Bool { table.symbols[name].map { !$0.isMember } ?? false }
        table.retroactive = conformances.filter { !declared($0.type) && !declared($0.conformed) }.sorted()
        return table
    }

    /// A symbol behind an edge while files are read: where it is first spelled as the file's
    /// place in path order and the line, compared as numbers; made an `EdgeSymbol` at the end.
    struct Tally {
        var kind: SymbolKind
        var count: Int
        var file: Int
        var line: Int
    }

    struct Result {
        var report: ImportReport
        /// By edge index in `project.edges`: the symbols kept (`ImportEdge.symbolsKept`) and how
        /// many more there are.
        var symbols: [Int: (kept: [EdgeSymbol], more: Int)]
        /// What the next analysis may take again, when the caller keeps it.
        var memo: AnalysisMemo?
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
        // By module (an array: a common name is declared by hundreds of modules, each looked
        // up for every file that names it), the imports reaching it and whether it is their
        // target (`@testable` opens only that).
        let count = candidates.reduce(0) { max($0, ($1.reachedModules?.max() ?? -1) + 1) }
        guard count > 0 else { return candidates }
        var reaching = [[(candidate: Int, isTarget: Bool)]](repeating: [], count: count)
        for (position, candidate) in candidates.enumerated() {
            for module in candidate.reachedModules ?? [] { reaching[module].append((position, module == candidate.target)) }
        }
        // One name of the file, for the imports `admitted` picks among those reaching a module declaring it.
        func add(_ referenceIndex: Int, _ name: String, to admitted: (Int) -> Bool) {
            guard let entries = index[name] else { return }
            // By import: where its match is in `matched`; the first module found gives the
            // symbol, every module found is kept.
            var matched: [Int: Int] = [:]
            for entry in entries where entry.module < count {
                for (position, isTarget) in reaching[entry.module] where admitted(position) {
                    guard entry.symbol.exposed || candidates[position].testable && isTarget else { continue }
                    if let known = matched[position] {
                        candidates[position].matched[known].modules.append(entry.module)
                        continue
                    }
                    matched[position] = candidates[position].matched.count
                    var symbol = entry.symbol
                    if candidates[position].site.symbol != nil, symbol.isMember { (symbol.kind, symbol.isMember) = (.type, false) }  // `import struct M.T` names T
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
        /// - Parameter name: a module's name.
        init(_ extras: AnalysisExtras, rules: ArchitectureRules, implicit: [ImplicitDependency], edges: [ImportEdge], name: (ModuleID) -> String) {
            grades = extras.contains(.importGrades) || rules.severity(of: .unusedImport) != nil
            guard !extras.contains(.edgeSymbols) else { return }
            struct Ends: Hashable { var from, to: String }
            let named = rules.severity(of: .implicitDependency) == nil ? [] : Set(implicit.map { Ends(from: $0.module, to: $0.dependency) })
            symbols = Set(edges.indices.filter { edges[$0].imported && named.contains(Ends(from: name(edges[$0].from), to: name(edges[$0].to))) })
        }
    }

    /// - Parameter memo: the last analysis's, when the caller keeps one; `Result.memo` is this one's.
    static func analyze(_ project: Project, wanted: Wanted, workers: any Workers = SerialWorkers(), memo: AnalysisMemo? = nil) -> Result {
        // The modules graded: all of them, or those the wanted symbols' edges start at.
        let starts = wanted.grades ? nil : wanted.symbols.map { Set($0.map { project.edges[$0].from }) }
        guard starts?.isEmpty != true else { return Result(report: .empty, symbols: [:], memo: memo) }
        let grading = Grading(project, workers: workers, last: memo?.grading)
        // Each module's files graded on their own (an import edge starts at one module), side by side.
        let grades = workers.map(project.modules.count) { index -> AnalysisMemo.ModuleGrade? in
            let module = project.modules[index], files = project.sources[module.id] ?? []
            guard starts?.contains(module.id) != false else { return nil }
            if let kept = grading.graded[module.name], kept.module == module, kept.files == files, kept.wanted == wanted.symbols { return kept }
            return AnalysisMemo.ModuleGrade(module: module, files: files, wanted: wanted.symbols, graded: grading.grade(module: index, symbols: wanted.symbols))
        }
        var kept = memo
        kept?.grading = grading.kept
        kept?.grading.modules = Dictionary(grades.compactMap { $0.map { ($0.module.name, $0) } }, uniquingKeysWith: { first, _ in first })
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
                EdgeSymbol(kind: $0.value.kind.rawValue, name: $0.key, count: $0.value.count, evidence: Location(file: paths[$0.value.file], line: $0.value.line))
            }
            return (kept: kept, more: named.count - kept.count)
        }
        return Result(
            report: wanted.grades ? ImportReport(imports: graded.sorted(), counts: counts, unknown: unknown) : .empty, symbols: ordered, memo: kept)
    }
}
