import StrataModel

/// Which types a file can reach, so that a member name counts as a use of a module only where a
/// type declaring it there can be at hand: a member is found through a value of its owner's
/// type, which the file names, or gets from a declaration it uses whose written type mentions it
/// (`let client: APIClient`, `func session() -> Session`, `let client = makeClient()`), or from
/// what a type at hand inherits, aliases, or its initializers, subscripts and enum cases carry.
///
/// From the symbol index alone, over-approximated where a name cannot tell which declaration it
/// is (every declaration of that name counts): an owner is at hand when the file spells it or a
/// type inheriting or aliasing it (to the end of every chain), or a declaration it spells
/// mentions one, or a declaration that one mentions does (`let client = makeClient()`, an
/// enum case's payload). Asked only
/// for an import whose file names nothing but members of its modules; past `reachedKept` names,
/// anything is taken to be at hand. Types not declared here (the standard library's, an SDK's)
/// are values everywhere, a literal or a system call away: always at hand.
struct MemberReach: Sendable {
    /// Simple names of the types declared here: the owners whose reach can be decided.
    private let types: Set<String>
    /// By declaration name: what the declarations so named mention (`DeclarationFact.mentions`,
    /// a type's or extension's inheritance clause), across the repository's modules and
    /// checkouts.
    private let mentions: [String: [String]]
    /// By type: the types that inherit it (their declarations' and extensions' clauses) or
    /// alias it.
    private let subtypes: [String: [String]]
    /// Past this many names reached, a file is taken to have anything at hand.
    static let reachedKept = 4096

    init(units: [[SourceFile]], workers: any Workers) {
        // Gathered as pairs side by side, then indexed in one pass.
        struct Part {
            var mentions: [(name: String, mentioned: String)] = [], supertypes: [(name: String, mentioned: String)] = []
            var types: [String] = []
        }
        let parts = workers.map(units.count) { unit in
            var part = Part()
            for file in units[unit] {
                let declarations = file.facts.declarations
                for index in declarations.indices where declarations[index].access < .fileprivate {
                    let declaration = declarations[index]
                    let kind = declaration.kind
                    guard !declaration.mentions.isEmpty || !declaration.inherits.isEmpty || kind.isType || kind == .typealias else { continue }
                    let name = kind == .extension ? DeclarationFact.simpleName(declaration.name) : DeclarationFact.plainName(declaration.name)
                    if kind.isType || kind == .typealias { part.types.append(name) }
                    for mentioned in declaration.mentions {
                        part.mentions.append((name, mentioned))
                        if kind == .typealias { part.supertypes.append((name, mentioned)) }
                    }
                    for inherited in declaration.inherits {
                        part.mentions.append((name, Self.typeName(inherited)))
                        part.supertypes.append((name, Self.typeName(inherited)))
                    }
                }
            }
            return part
        }
        var mentions: [String: [String]] = [:], subtypes: [String: [String]] = [:], types: Set<String> = []
        for part in parts {
            for pair in part.mentions { mentions[pair.name, default: []].append(pair.mentioned) }
            for pair in part.supertypes { subtypes[pair.mentioned, default: []].append(pair.name) }
            types.formUnion(part.types)
        }
        (self.mentions, self.subtypes, self.types) = (mentions, subtypes, types)
    }

    /// Whether an owner's reach is decided by the names a file reaches: a type declared here.
    func decides(_ owner: String) -> Bool { types.contains(owner) }

    /// The names the declarations a file spells mention (`channel` → `Channel`), and those
    /// the declarations so mentioned do (`client` → `makeClient` → `Client`; `state` →
    /// `LoadState` → `User`, a case's payload); nil when anything may be reached (a chain cut short,
    /// `DeclarationFact.mentionsAnything`, or more than `reachedKept` names).
    func mentioned(by facts: FileFacts) -> Set<String>? {
        var reached: Set<String> = []
        var frontier = facts.references
        for step in 0..<2 {
            var next: [String] = []
            for name in frontier {
                for mentioned in mentions[name] ?? [] where reached.insert(mentioned).inserted { next.append(mentioned) }
            }
            guard reached.count <= Self.reachedKept, !next.contains(DeclarationFact.mentionsAnything) else { return nil }
            frontier = next
        }
        return reached
    }

    /// Whether a value of `owner` is at hand in a file: the file spells it or a type inheriting
    /// or aliasing it (to the end of every chain), or a declaration it spells mentions one
    /// (`mentioned`, of the same file).
    func reaches(_ owner: String, spelledIn facts: FileFacts, mentioned: Set<String>) -> Bool {
        var seen: Set<String> = [owner], queue = [owner]
        while let type = queue.popLast() {
            if facts.referenceIndex(of: type) != nil || mentioned.contains(type) { return true }
            for subtype in subtypes[type] ?? [] where seen.insert(subtype).inserted { queue.append(subtype) }
            guard seen.count <= Self.reachedKept else { return true }
        }
        return false
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
        /// What the declarations the file spells mention (`MemberReach.mentioned(by:)`), found
        /// when first asked: nil until then, `.some(nil)` when anything may be reached.
        private var mentioned: Set<String>??

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
                for added in grading.tables[module].retroactive where reaches([added.type], external: module >= grading.modules.count) {
                    return added.text
                }
            }
            return nil
        }

        /// Whether a value of one of the owners can be at hand in the file.
        private mutating func reaches(_ owners: [String], external: Bool) -> Bool {
            let reach = grading.memberReach
            if opaque && external || owners.contains(where: { !reach.decides($0) || facts.referenceIndex(of: $0) != nil }) { return true }
            if mentioned == nil { mentioned = .some(reach.mentioned(by: facts)) }
            guard let names = mentioned ?? nil else { return true }
            return owners.contains { reach.reaches($0, spelledIn: facts, mentioned: names) }
        }
    }
}
