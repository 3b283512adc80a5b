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
///
/// Names are numbered once (`ids`), and both relations are kept as adjacency arrays over the
/// numbers, so that what a file reaches is a bit set rather than a set of strings: it is found
/// for most files of every analysis, a warm session's edits included.
struct MemberReach: Sendable {
    /// Every name the relations hold, numbered.
    private let ids: [String: Int32]
    /// By name number: whether it is a type declared here, an owner whose reach can be decided.
    private let declaredType: [Bool]
    /// By declaration name: what the declarations so named mention (`DeclarationFact.mentions`,
    /// a type's or extension's inheritance clause), across the repository's modules and
    /// checkouts.
    private let mentions: Adjacency
    /// By type: the types that inherit it (their declarations' and extensions' clauses) or
    /// alias it.
    private let subtypes: Adjacency
    /// The number of `DeclarationFact.mentionsAnything`, when some declaration's list was cut.
    private let anything: Int32?
    /// Past this many names reached, a file is taken to have anything at hand.
    static let reachedKept = 4096

    /// Pairs of name numbers as lists by their first: `targets[offsets[n]..<offsets[n + 1]]`.
    struct Adjacency: Sendable {
        private var offsets: [Int32]
        private var targets: [Int32]

        /// - Parameter pairs: side by side, each pair's first then its second.
        init(count: Int, pairs: [Int32]) {
            var offsets = [Int32](repeating: 0, count: count + 1)
            for pair in stride(from: 0, to: pairs.count, by: 2) { offsets[Int(pairs[pair]) + 1] += 1 }
            for index in 0..<count { offsets[index + 1] += offsets[index] }
            var next = offsets, targets = [Int32](repeating: 0, count: pairs.count / 2)
            for pair in stride(from: 0, to: pairs.count, by: 2) {
                let from = Int(pairs[pair])
                targets[Int(next[from])] = pairs[pair + 1]
                next[from] += 1
            }
            (self.offsets, self.targets) = (offsets, targets)
        }

        subscript(_ name: Int32) -> ArraySlice<Int32> { targets[Int(offsets[Int(name)])..<Int(offsets[Int(name) + 1])] }
    }

    /// One unit's names numbered on its own (units are read side by side), and its pairs over
    /// those numbers; `init(parts:)` numbers them into one table.
    struct Part: Sendable, Equatable {
        fileprivate var names: [String] = []
        private var ids: [String: Int32] = [:]
        /// Pairs side by side: a name, then what it mentions; a type, then a subtype of it.
        fileprivate var mentions: [Int32] = [], subtypes: [Int32] = []
        fileprivate var types: [Int32] = []

        private mutating func id(_ name: String) -> Int32 {
            if let id = ids[name] { return id }
            let id = Int32(names.count)
            ids[name] = id
            names.append(name)
            return id
        }

        /// A pair side by side, appended without a temporary array (every declaration, every unit).
        private static func pair(_ first: Int32, _ second: Int32, into pairs: inout [Int32]) {
            pairs.append(first)
            pairs.append(second)
        }

        /// The declarations of a unit's files other files can see.
        init(_ files: [SourceFile]) {
            for file in files {
                let declarations = file.facts.declarations
                for index in declarations.indices where declarations[index].access < .fileprivate {
                    let kind = declarations[index].kind
                    guard !declarations[index].mentions.isEmpty || !declarations[index].inherits.isEmpty || kind.isType || kind == .typealias else {
                        continue
                    }
                    let declared = declarations[index].name
                    let name = id(kind == .extension ? DeclarationFact.simpleName(declared) : DeclarationFact.plainName(declared))
                    if kind.isType || kind == .typealias { types.append(name) }
                    for mentioned in declarations[index].mentions {
                        let mentioned = id(mentioned)
                        Self.pair(name, mentioned, into: &mentions)
                        if kind == .typealias { Self.pair(mentioned, name, into: &subtypes) }
                    }
                    for inherited in declarations[index].inherits {
                        let inherited = id(MemberReach.typeName(inherited))
                        Self.pair(name, inherited, into: &mentions)
                        Self.pair(inherited, name, into: &subtypes)
                    }
                }
            }
            ids = [:]
        }
    }

    init(parts: [Part]) {
        var ids: [String: Int32] = [:], mentions: [Int32] = [], subtypes: [Int32] = [], types: [Int32] = []
        for part in parts {
            let global = part.names.map { name in
                if let id = ids[name] { return id }
                let id = Int32(ids.count)
                ids[name] = id
                return id
            }
            mentions += part.mentions.map { global[Int($0)] }
            subtypes += part.subtypes.map { global[Int($0)] }
            types += part.types.map { global[Int($0)] }
        }
        var declaredType = [Bool](repeating: false, count: ids.count)
        for type in types { declaredType[Int(type)] = true }
        self.ids = ids
        self.declaredType = declaredType
        self.mentions = Adjacency(count: ids.count, pairs: mentions)
        self.subtypes = Adjacency(count: ids.count, pairs: subtypes)
        anything = ids[DeclarationFact.mentionsAnything]
    }

    /// Whether an owner's reach is decided by the names a file reaches: a type declared here.
    func decides(_ owner: String) -> Bool { ids[owner].map { declaredType[Int($0)] } ?? false }

    /// What is at hand in one file, by name number: the names it spells, and those the
    /// declarations so named mention.
    struct AtHand {
        fileprivate var bits: [UInt64]
        fileprivate func contains(_ name: Int32) -> Bool { bits[Int(name) >> 6] & (1 << UInt64(name & 63)) != 0 }
    }

    /// The names a file spells, with those the declarations it spells mention (`channel` →
    /// `Channel`), and those the declarations so mentioned do (`client` → `makeClient` →
    /// `Client`; `state` → `LoadState` → `User`, a case's payload); nil when anything may be
    /// reached (a chain cut short, `DeclarationFact.mentionsAnything`, or more than
    /// `reachedKept` names).
    func atHand(in facts: FileFacts) -> AtHand? {
        let words = (ids.count + 63) / 64
        var spelled = [UInt64](repeating: 0, count: words), reached = spelled
        var frontier: [Int32] = []
        for name in facts.references {
            guard let id = ids[name] else { continue }
            spelled[Int(id) >> 6] |= 1 << UInt64(id & 63)
            frontier.append(id)
        }
        var count = 0
        for _ in 0..<2 {
            var next: [Int32] = []
            for name in frontier {
                for mentioned in mentions[name] where reached[Int(mentioned) >> 6] & (1 << UInt64(mentioned & 63)) == 0 {
                    reached[Int(mentioned) >> 6] |= 1 << UInt64(mentioned & 63)
                    next.append(mentioned)
                }
            }
            count += next.count
            guard count <= Self.reachedKept, anything.map({ !next.contains($0) }) ?? true else { return nil }
            frontier = next
        }
        for word in 0..<words { spelled[word] |= reached[word] }
        return AtHand(bits: spelled)
    }

    /// Whether a value of `owner` is at hand in a file: the file spells it or a type inheriting
    /// or aliasing it (to the end of every chain), or a declaration it spells mentions one
    /// (`atHand`, of the same file).
    func reaches(_ owner: String, in atHand: AtHand) -> Bool {
        guard let owner = ids[owner] else { return false }
        var seen: Set<Int32> = [owner], queue = [owner]
        while let type = queue.popLast() {
            if atHand.contains(type) { return true }
            for subtype in subtypes[type] where seen.insert(subtype).inserted { queue.append(subtype) }
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
        /// What is at hand in the file (`MemberReach.atHand(in:)`), found when first asked: nil
        /// until then, `.some(nil)` when anything may be reached.
        private var atHand: MemberReach.AtHand??

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
            case .conformance:
                // Named protocol: the file may rely on the conformance. The module's own
                // protocols reach a file only through names of the module, which count anyway;
                // another module's, unnamed, are weighed for the import as a whole
                // (`conformance(in:)`).
                return owners().contains(where: { !MemberReach.markers.contains($0) && facts.referenceIndex(of: $0) != nil }) ? .strong : .none
            case .extension:
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
            if atHand == nil { atHand = .some(reach.atHand(in: facts)) }
            guard let names = atHand ?? nil else { return true }
            return owners.contains { reach.reaches($0, in: names) }
        }
    }
}
