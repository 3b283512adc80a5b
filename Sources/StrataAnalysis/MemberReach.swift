import StrataModel

/// Which types a file can reach, so that a member name counts as a use of a module only where a
/// type declaring it there can be at hand: a member is found through a value of its owner's
/// type, which the file names, or gets from a declaration it uses whose written type mentions it
/// (`let client: APIClient`, `func session() -> Session`, what a type it names inherits or its
/// initializers and enum cases carry), from its own module or any other.
///
/// From the symbol index alone, over-approximated where a name cannot tell which declaration it
/// is (every declaration of that name counts). Asked the other way round, once per owner: the
/// names that lead to it (`deliverers`), then per file whether it spells one. Types not declared
/// here (the standard library's, an SDK's) are values everywhere, a literal or a system call
/// away: always at hand.
struct MemberReach: Sendable {
    /// Simple names of the types declared here: the owners whose reach can be decided.
    private let types: Set<String>
    /// By owner (a type some member of an imported module is declared in): the names a file may
    /// spell to have a value of it at hand; nil for one that too many names lead to (always at
    /// hand, as types not declared here are).
    private let deliverers: [String: Set<String>?]
    /// Declarations whose mentions were cut (`DeclarationFact.mentionsAnything`): a file
    /// spelling one may have anything at hand.
    let opaque: Set<String>
    /// Past this many names leading to an owner, it is taken as always at hand.
    static let deliverersKept = 4096

    /// - Parameter owners: the types whose reach is asked: those members of the imported
    ///   modules are declared in.
    init(units: [[SourceFile]], owners: Set<String>, workers: any Workers) {
        // By name mentioned: the declarations mentioning it, types' (a type, extension or
        // typealias: having one, what it inherits, aliases or takes is at hand) and others'.
        // Gathered as pairs side by side, then indexed in one pass.
        struct Part {
            var byTypes: [(mentioned: String, by: String)] = [], byOthers: [(mentioned: String, by: String)] = []
            var types: [String] = [], opaque: [String] = []
        }
        let parts = workers.map(units.count) { unit in
            var part = Part()
            for file in units[unit] {
                let declarations = file.facts.declarations
                for index in declarations.indices where declarations[index].access < .fileprivate {
                    let declaration = declarations[index]
                    guard !declaration.mentions.isEmpty || !declaration.inherits.isEmpty || declaration.kind.isType || declaration.kind == .typealias else { continue }
                    let kind = declaration.kind
                    let typeLevel = kind.isType || kind == .typealias || kind == .extension
                    let name = kind == .extension ? DeclarationFact.simpleName(declaration.name) : DeclarationFact.plainName(declaration.name)
                    if typeLevel && kind != .extension { part.types.append(name) }
                    for mentioned in declaration.mentions {
                        if mentioned == DeclarationFact.mentionsAnything { part.opaque.append(name) }
                        if typeLevel { part.byTypes.append((mentioned, name)) } else { part.byOthers.append((mentioned, name)) }
                    }
                    for inherited in declaration.inherits { part.byTypes.append((Self.typeName(inherited), name)) }
                }
            }
            return part
        }
        struct Reverse {
            var byTypes: [String: [String]] = [:], byOthers: [String: [String]] = [:]
            var types: Set<String> = [], opaque: Set<String> = []
        }
        var reverse = Reverse()
        for part in parts {
            for pair in part.byTypes { reverse.byTypes[pair.mentioned, default: []].append(pair.by) }
            for pair in part.byOthers { reverse.byOthers[pair.mentioned, default: []].append(pair.by) }
            reverse.types.formUnion(part.types)
            reverse.opaque.formUnion(part.opaque)
        }
        let asked = owners.filter(reverse.types.contains).sorted()
        let found = workers.map(asked.count) { Self.deliverers(of: asked[$0], reverse.byTypes, reverse.byOthers) }
        deliverers = Dictionary(uniqueKeysWithValues: zip(asked, found))
        types = reverse.types
        opaque = reverse.opaque
    }

    /// The names leading to `owner`: itself, the types that inherit, alias or carry it (to the
    /// end of every chain), and the declarations whose written type mentions one of those, two
    /// steps back (`let client = makeClient()`, `func makeClient() -> Client`); nil past
    /// `deliverersKept`.
    private static func deliverers(of owner: String, _ byTypes: [String: [String]], _ byOthers: [String: [String]]) -> Set<String>? {
        var found: Set<String> = [owner], frontier = [owner], queue = [owner]
        while let type = queue.popLast() {
            for name in byTypes[type] ?? [] where found.insert(name).inserted {
                queue.append(name)
                frontier.append(name)
            }
        }
        for _ in 0..<2 {
            var next: [String] = []
            for mentioned in frontier { for name in byOthers[mentioned] ?? [] where found.insert(name).inserted { next.append(name) } }
            frontier = next
            guard found.count <= deliverersKept else { return nil }
        }
        return found.count <= deliverersKept ? found : nil
    }

    /// The types members of the tables' modules are declared in: whose reach is asked.
    static func owners(in tables: [ImportUsage.Table]) -> Set<String> {
        var owners: Set<String> = []
        for table in tables {
            for (name, types) in table.owners where table.symbols[name].map({ $0.kind == "member" || $0.kind == "operator" }) ?? false {
                owners.formUnion(types)
            }
        }
        return owners
    }

    /// Marker protocols: a conformance to one gives a file nothing to call, only what the
    /// compiler checks.
    static let markers: Set<String> = ["Sendable", "BitwiseCopyable", "Copyable", "Escapable"]

    /// `Identifiable` for `@retroactive Identifiable`, `Sendable` for `@unchecked Sendable`,
    /// `Key` for `Store.Key<Int>`: an inherited type as other code names it.
    static func typeName(_ written: String) -> String {
        var rest = Substring(written)
        while rest.first == "@", let space = rest.firstIndex(of: " ") { rest = rest[space...].drop { $0 == " " } }
        return DeclarationFact.simpleName(String(rest))
    }

    /// Whether a file spelling `references` (sorted) can have a value of `owner` at hand.
    func reaches(_ owner: String, from facts: FileFacts) -> Bool {
        guard types.contains(owner), facts.referenceIndex(of: owner) == nil else { return true }
        guard let known = deliverers[owner], let names = known else { return true }
        return names.count < facts.references.count
            ? names.contains { facts.referenceIndex(of: $0) != nil }
            : facts.references.contains(where: names.contains)
    }
}

extension ImportUsage.Grading {
    /// What one file's member names give each import: a use (`strong`), a maybe (`weak`: the
    /// name is another module's too, or a conformance a generic call may need unnamed), or
    /// nothing (no type declaring it there is at hand in the file, a conformance to the module's
    /// own protocol the file never names).
    struct Members {
        enum Use { case strong, weak, none }

        private let grading: ImportUsage.Grading
        private let facts: FileFacts
        /// The file imports a module whose sources are not here, other than an SDK's: a
        /// checked-out module's types may come from it.
        private let opaque: Bool
        /// Whether each owner asked about is at hand, and whether the file spells a declaration
        /// whose mentions were cut (then anything is), found when first asked.
        private var reached: [String: Bool] = [:]
        private var spellsOpaque: Bool?

        init(grading: ImportUsage.Grading, facts: FileFacts, candidates: [ImportUsage.Candidate]) {
            self.grading = grading
            self.facts = facts
            opaque = candidates.contains { $0.reachedModules == nil && !SystemModules.contains($0.site.module) }
        }

        /// - Parameter askingReach: whether a member counts only where its type is at hand;
        ///   false for an import another name keeps anyway.
        mutating func use(of match: ImportUsage.Match, target: Int?, askingReach: Bool, declaredElsewhere: (String) -> Bool) -> Use {
            func owners() -> [String] { match.modules.flatMap { grading.tables[$0].owners[match.name] ?? [] } }
            switch match.symbol.kind {
            case "conformance":
                // Named protocol: the file may rely on the conformance. The module's own
                // protocols reach a file only through names of the module, which count anyway;
                // another module's, unnamed, are weighed for the import as a whole
                // (`conformance(in:)`).
                return owners().contains(where: { !MemberReach.markers.contains($0) && facts.referenceIndex(of: $0) != nil }) ? .strong : .none
            case "extension":
                break
            default:
                if askingReach {
                    let owners = owners()
                    guard owners.isEmpty || reaches(owners, external: target.map { $0 >= grading.modules.count } ?? true) else { return .none }
                }
            }
            return declaredElsewhere(match.name) ? .weak : .strong
        }

        /// "Bool: Identifiable": a conformance one of the modules adds of another module's type
        /// to another module's protocol, where a value of the type can be at hand in the file
        /// (a literal, for a standard type): a generic call of another module may need it
        /// without the file naming either.
        mutating func conformance(in modules: [Int]) -> String? {
            for module in modules {
                for added in grading.tables[module].retroactive {
                    let type = String(added.prefix { $0 != ":" })
                    if reaches([type], external: module >= grading.modules.count) { return added }
                }
            }
            return nil
        }

        /// Whether a value of one of the owners can be at hand in the file.
        private mutating func reaches(_ owners: [String], external: Bool) -> Bool {
            if opaque && external { return true }
            let reach = grading.memberReach
            for owner in owners {
                if let known = reached[owner] {
                    if known { return true }
                    continue
                }
                let found = reach.reaches(owner, from: facts)
                reached[owner] = found
                if found { return true }
            }
            // A declaration the file spells whose mentions were cut may lead anywhere.
            if spellsOpaque == nil { spellsOpaque = !reach.opaque.isEmpty && facts.references.contains(where: reach.opaque.contains) }
            return spellsOpaque == true
        }
    }
}
