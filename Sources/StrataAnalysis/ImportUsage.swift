import StrataModel

/// Grades every import by what its file names of the imported module, from the symbol index
/// (each file's references and each module's declarations), and finds the symbols behind each
/// import edge. No build: a file "uses" a module when it spells a name the module declares or
/// extends and a file of another module can see (public, or internal through `@testable`).
///
/// Conservative where a name cannot tell: a top-level name (a type, function, variable,
/// operator, macro) or a type the module extends with a conformance is a use; a member name is
/// a use unless another module the file sees declares it too (then `probably-unused`); a module
/// whose sources are not here is `unknown`, never claimed.
enum ImportUsage {
    /// A name a module declares, as a file of another module could name it.
    struct Symbol {
        var kind: String
        /// Visible without `@testable`: public, open or package.
        var exposed: Bool

        var isMember: Bool { kind == "member" }
    }

    /// One module's names.
    struct Table {
        var symbols: [String: Symbol] = [:]
        /// It declares a public `callAsFunction`, which a file calls without spelling it: an
        /// import of it is never claimed `unused`, only `probably-unused`.
        var implicitlyCalled = false
        /// Every name it declares, members included, whatever the access: what makes a member
        /// match ambiguous.
        var names: Set<String> = []
    }

    static func table(of files: [SourceFile]) -> Table {
        var table = Table()
        func add(_ name: String, _ kind: String, exposed: Bool) {
            table.names.insert(name)
            if let existing = table.symbols[name] {
                // A name declared both ways counts as the stronger: top level, exposed.
                let member = existing.isMember && kind == "member"
                table.symbols[name] = Symbol(kind: member ? "member" : (existing.isMember ? kind : existing.kind), exposed: existing.exposed || exposed)
            } else {
                table.symbols[name] = Symbol(kind: kind, exposed: exposed)
            }
        }
        for file in files {
            for declaration in file.facts.declarations {
                let name = DeclarationFact.plainName(declaration.name)
                let exposed = declaration.access <= .package
                if declaration.kind == .extension {
                    // `extension String: Identifiable`, `extension URL { public init(api:) }`: a
                    // file naming the type may need what the extension adds without naming it
                    // (a conformance, an initializer, a subscript). Named members count as members.
                    guard declaration.access < .fileprivate else { continue }
                    let extended = String(name.split(separator: ".").last ?? Substring(name))
                    if !declaration.inherits.isEmpty {
                        add(extended, "conformance", exposed: true)
                    } else if declaration.traits.contains(.unnamedMembers) {
                        add(extended, "extension", exposed: true)
                    }
                    continue
                }
                if declaration.access >= .fileprivate { continue }
                let isOperator = name.first.map { !($0.isLetter || $0 == "_") } ?? false
                // Called without being named: `send(.tap)` through `callAsFunction`.
                if name == "callAsFunction", exposed { table.implicitlyCalled = true }
                if isOperator {
                    add(name, "operator", exposed: exposed)
                } else if declaration.parent != nil {
                    add(name, "member", exposed: exposed)
                } else {
                    switch declaration.kind {
                    case .func: add(name, "func", exposed: exposed)
                    case .var: add(name, "var", exposed: exposed)
                    case .macro: add(name, "macro", exposed: exposed)
                    default: add(name, "type", exposed: exposed)
                    }
                }
            }
            // Enum cases, reached as `.name` members.
            for value in file.facts.values where value.kind == .enumeration {
                for branch in value.branches { for name in branch.cases { add(name, "member", exposed: true) } }
            }
        }
        return table
    }

    struct Result {
        var report: ImportReport
        /// By edge index in `project.edges`.
        var symbols: [Int: [EdgeSymbol]]
    }

    /// A name of the file (its index in the file's references) found in what an import reaches.
    struct Match {
        var index: Int
        var name: String
        var symbol: Symbol
    }

    /// One import of a file and what it gives the file.
    struct Candidate {
        var site: ImportSite
        var target: Int?
        var testable: Bool
        /// The tables of the modules it reaches (its target and what that re-exports); nil
        /// when they are not all here (a module outside the repository, re-exported or not).
        var reached: [Table]?
        var reachedModules: [Int]?
        var matched: [Match]
    }

    static func match(
        _ site: ImportSite, target: Int?, in facts: FileFacts, modules: [AssembledModule], table: (Int) -> Table,
        reexported: (Int) -> [Int]?
    ) -> Candidate {
        let testable = site.attributes?.contains("@testable") == true
        guard let target, modules[target].files > 0, let through = reexported(target) else {
            return Candidate(site: site, target: target, testable: testable, reached: nil, reachedModules: nil, matched: [])
        }
        let reached = through.map(table)
        // `@testable` opens the module it names (the first table), not what that re-exports.
        func symbol(_ name: String) -> Symbol? {
            for (position, table) in reached.enumerated() {
                if let found = table.symbols[name], testable && position == 0 || found.exposed { return found }
            }
            return nil
        }
        var matched: [Match] = []
        if let symbolName = site.symbol.map({ String($0.split(separator: ".")[0]) }) {
            // `import struct M.T`: only T.
            if let index = facts.referenceIndex(of: symbolName), let found = symbol(symbolName) {
                matched.append(Match(index: index, name: symbolName, symbol: Symbol(kind: found.kind == "member" ? "type" : found.kind, exposed: found.exposed)))
            }
        } else {
            for (index, name) in facts.references.enumerated() {
                guard let found = symbol(name) else { continue }
                matched.append(Match(index: index, name: name, symbol: found))
            }
        }
        return Candidate(site: site, target: target, testable: testable, reached: reached, reachedModules: through, matched: matched)
    }

    static func analyze(_ project: Project) -> Result {
        let modules = project.modules
        var byImportName: [String: [Int]] = [:]
        for (index, module) in modules.enumerated() { byImportName[module.importName, default: []].append(index) }
        var edgeIndex: [String: Int] = [:]
        for (index, edge) in project.edges.enumerated() where edge.imported { edgeIndex["\(edge.from)\u{0}\(edge.to)"] = index }
        // Tables, built once per module a file imports.
        var tables: [Int: Table] = [:]
        func table(_ index: Int) -> Table {
            if let table = tables[index] { return table }
            let made = Self.table(of: project.sources[modules[index].name] ?? [])
            tables[index] = made
            return made
        }
        // What each module re-exports (`@_exported import` of an internal module), transitively;
        // nil when it re-exports a module whose sources are not here (its names are unknown).
        func reexported(_ index: Int) -> [Int]? {
            var seen: Set<Int> = [index], order = [index], queue = [index]
            while let current = queue.popLast() {
                for site in modules[current].imports where site.attributes?.contains("@_exported") == true {
                    let targets = byImportName[site.module] ?? []
                    if targets.isEmpty || targets.contains(where: { modules[$0].files == 0 }) { return nil }
                    for target in targets where seen.insert(target).inserted {
                        order.append(target)
                        queue.append(target)
                    }
                }
            }
            return order
        }

        var graded: [GradedImport] = []
        var counts: [String: Int] = [:]
        var symbols: [Int: [String: EdgeSymbol]] = [:]
        let imports = project.graph.digraph(.imported)
        for (moduleIndex, module) in modules.enumerated() {
            let files = project.sources[module.name] ?? []
            guard !files.isEmpty else { continue }
            var sitesByFile: [String: [ImportSite]] = [:]
            for site in module.imports { sitesByFile[site.evidence.file, default: []].append(site) }
            // The internal module an import reaches, through the edge assembly made.
            func target(of site: ImportSite) -> Int? {
                (byImportName[site.module] ?? []).first { $0 != moduleIndex && edgeIndex["\(module.name)\u{0}\(modules[$0].name)"] != nil }
            }
            // Per file of the module, the modules its imports load (with what those import), and
            // how many files load each.
            let loadedByFile: [String: Set<Int>] = sitesByFile.mapValues { sites in
                Set(imports.closure(from: sites.compactMap(target)))
            }
            var loaders: [Int: Int] = [:]
            for loaded in loadedByFile.values { for index in loaded { loaders[index, default: 0] += 1 } }
            for file in files {
                guard let sites = sitesByFile[file.path] else { continue }
                let facts = file.facts
                let candidates = sites.map { site in
                    Self.match(site, target: target(of: site), in: facts, modules: modules, table: table, reexported: reexported)
                }
                // A member is visible without an import when another file of the module loads
                // its module (Swift before SE-0444's MemberImportVisibility).
                let loadedHere = loadedByFile[file.path] ?? []
                func loadedElsewhere(_ index: Int) -> Bool { (loaders[index] ?? 0) > (loadedHere.contains(index) ? 1 : 0) }
                for (position, candidate) in candidates.enumerated() {
                    let site = candidate.site
                    guard site.module != module.importName else { continue }
                    let grade: GradedImport.Grade
                    var uses: [String] = []
                    var declares = 0, examples: [String] = []
                    if site.attributes?.contains("@_exported") == true {
                        grade = .exported
                    } else if let reached = candidate.reached, let reach = candidate.reachedModules {
                        // Another import of the file reaching every module this one does (a
                        // duplicate, or a module re-exported by another import) makes it redundant.
                        // `@testable` opens only the module it names, never what that re-exports.
                        let redundant = candidates.indices.contains { other in
                            let wider = candidates[other]
                            guard other != position, let modules = wider.reachedModules, Set(reach).isSubset(of: modules) else { return false }
                            if candidate.testable { return wider.testable && wider.target == candidate.target && other < position }
                            return modules.count > reach.count || wider.testable || other < position
                        }
                        let top = candidate.matched.filter { !$0.symbol.isMember }.map(\.name)
                        let members = candidate.matched.filter(\.symbol.isMember).map(\.name)
                        // Names other modules the file sees declare too: its own and its other imports'.
                        var others = [table(moduleIndex)]
                        for other in candidates where other.target != nil && !(candidate.reachedModules ?? []).contains(other.target!) {
                            others.append(table(other.target!))
                        }
                        let alsoLoaded = candidate.target.map(loadedElsewhere) ?? false
                        if redundant {
                            grade = .unused  // everything it gives, another import of the file gives too
                            uses = candidate.matched.map(\.name)
                        } else if !top.isEmpty || members.contains(where: { name in !others.contains { $0.names.contains(name) } }) && !alsoLoaded {
                            grade = .used
                            uses = top + members
                        } else if !members.isEmpty {
                            grade = .probablyUnused
                            uses = members
                        } else if reached.contains(where: \.implicitlyCalled) {
                            grade = .probablyUnused
                            uses = ["callAsFunction"]
                        } else {
                            grade = .unused
                        }
                        if grade != .used {
                            let exposed = reached.flatMap { table in table.symbols.filter { candidate.testable || $0.value.exposed }.map(\.key) }
                            let unique = Set(exposed)
                            declares = unique.count
                            examples = Array(unique.sorted().prefix(3))
                        }
                        // The symbols behind the edge.
                        if grade != .unused, let target = candidate.target, let edge = edgeIndex["\(module.name)\u{0}\(modules[target].name)"] {
                            var behind = symbols[edge] ?? [:]
                            for match in candidate.matched {
                                let count = match.index < facts.referenceCounts.count ? Int(facts.referenceCounts[match.index]) : 1
                                let line = match.index < facts.referenceLines.count ? Int(facts.referenceLines[match.index]) : site.evidence.line ?? 1
                                let first = Location(file: file.path, line: line)
                                if var existing = behind[match.name] {
                                    existing.count += count
                                    existing.evidence = min(existing.evidence, first)
                                    behind[match.name] = existing
                                } else {
                                    behind[match.name] = EdgeSymbol(kind: match.symbol.kind, name: match.name, count: count, evidence: first)
                                }
                            }
                            symbols[edge] = behind
                        }
                    } else {
                        grade = .unknown
                    }
                    counts[grade.rawValue, default: 0] += 1
                    if grade == .unused || grade == .probablyUnused {
                        graded.append(GradedImport(
                            module: module.name, imported: site.module, grade: grade, evidence: site.evidence, uses: uses.sorted(),
                            declares: declares, examples: examples))
                    }
                }
            }
        }
        let ordered = symbols.mapValues { named in
            named.values.sorted { ($1.count, $0.name) < ($0.count, $1.name) }
        }
        return Result(report: ImportReport(imports: graded.sorted(), counts: counts), symbols: ordered)
    }
}
