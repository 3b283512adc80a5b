import StrataModel

extension ImportUsage {
    /// One file's imports, as the grade rules (`GradeRules`) read them: each matched to the names
    /// the file spells, what covers what, and the file's questions about members and headers,
    /// answered once for all its imports.
    struct FileGrading {
        let grading: Grading
        /// The importing module.
        let module: Int
        let candidates: [Candidate]
        /// Imports another covers narrowly (`narrowlyCovered`), by position: the covering one.
        let narrow: [Int: Int]
        let coverage: Coverage
        /// The modules the file's imports name.
        let targets: Set<Int>
        var members: Grading.Members
        var headers: HeaderGrading.FileImports

        init(grading: Grading, module: Int, facts: FileFacts, sites: [(site: ImportSite, target: Int?)]) {
            self.grading = grading
            self.module = module
            candidates = ImportUsage.match(sites, in: facts, index: grading.index, reexported: { grading.reexports[$0] ?? nil })
            narrow = ImportUsage.narrowlyCovered(candidates)
            coverage = Coverage(candidates, narrow: narrow)
            targets = Set(candidates.compactMap(\.target))
            members = Grading.Members(grading: grading, facts: facts, candidates: candidates)
            headers = grading.headers.imports(candidates)
        }

        /// The import at `position`, its matches weighed; nil when not all its modules are here.
        mutating func site(_ position: Int) -> Site? {
            let candidate = candidates[position]
            guard let reach = candidate.reachedModules else { return nil }
            // Another import of the file reaching every module this one does (a duplicate, or
            // a module re-exported by another import) makes it redundant. `@testable` opens only
            // the module it names, never what that re-exports: a `@testable` import the file
            // uses internal names through stays.
            let opens = candidate.testable && candidate.matched.contains { !$0.symbol.exposed }
            let covering = narrow[position] ?? coverage.covering(position, reach: reach, opens: opens)
            // A `@testable` import another import covers may still open what the file never
            // spells: the memberwise or an internal initializer of a type it names. Only a
            // second `@testable` import of the same module makes it surely redundant.
            let twin = candidate.target.flatMap { coverage.firstTestable[$0] }.map { $0 < position } ?? false
            let mayOpen = candidate.testable && !twin && candidate.matched.contains { $0.symbol.kind == .type }
            var site = Site(position: position, candidate: candidate, reach: reach, covering: covering, mayOpen: mayOpen)
            let (index, module, targets) = (grading.index, module, targets)
            // Names other modules the file sees declare too: its own, its other imports', and
            // the standard library's members.
            func declaredElsewhere(_ name: String) -> Bool {
                StandardLibrary.members.contains(name)
                    || index[name]?.contains { $0.module == module || targets.contains($0.module) && !reach.contains($0.module) } ?? false
            }
            site.top = candidate.matched.filter { !$0.symbol.isMember }
            // Used by a top-level name, the import stays whatever its members: they are only
            // listed behind the edge, and whether their types are at hand is not asked (the
            // costly part, for the imports that name members only).
            let reachAsked = site.top.isEmpty
            for match in candidate.matched where match.symbol.isMember {
                switch members.use(of: match, target: candidate.target, askingReach: reachAsked, declaredElsewhere: declaredElsewhere) {
                case .strong: site.strong.append(match)
                case .weak: site.weak.append(match)
                case .none: break
                }
            }
            return site
        }
    }

    /// One import whose modules are all here, as the grade rules read it.
    struct Site {
        let position: Int
        let candidate: Candidate
        /// The modules it reaches: its target, then what that re-exports.
        let reach: [Int]
        /// Another import of the file that gives all this one does.
        let covering: Int?
        /// A `@testable` import that may open an initializer the file calls unnamed.
        let mayOpen: Bool
        /// Top-level names of its modules the file spells ...
        var top: [Match] = []
        /// ... members of a type at hand that no other module the file sees declares ...
        var strong: [Match] = []
        /// ... and members another module declares too.
        var weak: [Match] = []

        /// What it gives the file: the symbols behind its edge.
        var counted: [Match] { top + strong + weak }
    }
}
