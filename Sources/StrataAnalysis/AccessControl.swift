import StrataModel

/// Access levels per module and the public API that no other module uses, found from the
/// identifiers each file spells (`FileFacts.references`), without a build.
///
/// Rules, chosen so that a candidate is worth looking at (few false positives; some unused API
/// is missed instead):
/// - Only non-test modules are analyzed. References from every other module count, test
///   modules included; references from the module itself do not.
/// - A public or open declaration is referenced when its name appears in any file of another
///   module. Names are matched alone, not qualified: another module spelling `load` anywhere,
///   even as its own declaration or an argument label, keeps every public `load` alive.
/// - Never candidates: extensions; `@objc`, `dynamic`, `@IBAction`-style and `@main`
///   declarations and `override`s (the runtime, Interface Builder or the superclass name them);
///   operators and other names that are not identifiers; names the compiler or runtime call
///   without spelling them (`wrappedValue`, `body`, `description`, `hash`, `buildBlock`,
///   `makeIterator`, ...; see `implicitNames`); members of a protocol of the module
///   (requirements are used through the protocol, which itself can still be a candidate);
///   members named like a requirement of a protocol of the module (default implementations,
///   witnesses); members of a type whose declaration or any extension in the module has an
///   inheritance clause, since they may witness a requirement of a protocol declared elsewhere;
///   types named by the inheritance clause of a public declaration of the module, or by a
///   public typealias, since the compiler requires them to be public too.
/// - Known false positives: a public type that only the public signatures of its own module
///   use (`public init(state: LoadingState)` called as `.init(state: .loading)`) must stay
///   public, but the scan does not read signatures.
/// - An open class is flagged when no class of another module lists it in its inheritance
///   clause (compared by its last name component, without generic arguments); `@objc` ones
///   are left alone because Objective-C code may subclass them.
///
/// A library vended outside the repository (a SwiftPM library product) shows its whole
/// unused public API: its users are not here to reference it.
public enum AccessControl {
    public static func analyze(_ project: Project, workers: any Workers = SerialWorkers()) -> AccessControlReport {
        let modules = project.modules
        var entries: [(index: Int, access: ModuleAccess, unused: [String: [AccessCandidate]], open: [String: [AccessCandidate]])] = []
        var wanted: [String: Holders] = [:]
        var openWanted: [String: Holders] = [:]
        // Each module's declarations read by the workers, then gathered in module order.
        let scans = workers.map(modules.count) { index -> ModuleScan? in
            let files = modules[index].kind.isTest ? [] : project.sources[modules[index].id] ?? []
            return files.isEmpty ? nil : ModuleScan(files)
        }
        for (index, module) in modules.enumerated() {
            guard let scan = scans[index] else { continue }
            for name in scan.unused.keys { wanted[name] = Holders() }
            for name in scan.open.keys { openWanted[name] = Holders() }
            entries.append((index, ModuleAccess(module: module.name, byLevel: scan.byLevel, publicSurface: scan.publicSurface), scan.unused, scan.open))
        }
        guard !entries.isEmpty else { return .empty }

        // One pass over every file of every module: which modules spell each wanted name, and
        // which modules subclass each open class.
        for (index, module) in modules.enumerated() {
            for file in project.sources[module.id] ?? [] {
                if !wanted.isEmpty {
                    // Looked up, then changed in place: most names are not wanted, and a
                    // subscript's modify costs more than the lookup.
                    for name in file.facts.references {
                        if let holder = wanted.index(forKey: name) { wanted.values[holder].add(index) }
                    }
                }
                if !openWanted.isEmpty {
                    for declaration in file.facts.declarations where declaration.kind == .class {
                        for type in declaration.inherits { openWanted[DeclarationFact.simpleName(type)]?.add(index) }
                    }
                }
            }
        }

        return AccessControlReport(modules: entries.map { entry in
            var access = entry.access
            access.unusedPublic = entry.unused.flatMap { name, candidates in
                wanted[name]!.includes(other: entry.index) ? [] : candidates
            }.sorted()
            access.openNotSubclassed = entry.open.flatMap { name, candidates in
                openWanted[name]!.includes(other: entry.index) ? [] : candidates
            }.sorted()
            return access
        })
    }

    /// Names the compiler, the standard library or a framework use without the code spelling
    /// them: property wrappers, result builders, `Sequence`, `Hashable`, `Codable`, SwiftUI,
    /// `Identifiable`, `RawRepresentable`, `CaseIterable`, `@dynamicCallable`, `@main`.
    static let implicitNames: Set<String> = [
        "wrappedValue", "projectedValue", "body", "callAsFunction", "description", "debugDescription",
        "customMirror", "playgroundDescription", "hash", "hashValue", "encode", "id", "allCases", "rawValue",
        "buildBlock", "buildPartialBlock", "buildExpression", "buildOptional", "buildEither", "buildArray",
        "buildIf", "buildLimitedAvailability", "buildFinalResult", "makeIterator", "makeAsyncIterator", "next",
        "makeBody", "dynamicallyCall", "unownedExecutor", "main", "init", "deinit", "subscript",
        "errorDescription", "failureReason", "recoverySuggestion", "helpAnchor", "previews", "defaultValue",
    ]


    /// Whether a name is an identifier (operators and tuple patterns are not).
    static func isIdentifier(_ name: String) -> Bool {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let first = name.utf8.first, first == UInt8(ascii: "_") || isASCIILetter(first) else { return false }
            return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isASCIILetter($0) || (0x30...0x39).contains($0) }
        }
        guard let first = name.first, first == "_" || first.isLetter else { return false }
        return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    /// The modules that spell a name: the first one and whether there is another, which is
    /// all "referenced from another module than M" needs, in constant space.
    struct Holders {
        private var first = -1
        private var more = false

        mutating func add(_ module: Int) {
            if first < 0 { first = module } else if module != first { more = true }
        }

        func includes(other module: Int) -> Bool { more || (first >= 0 && first != module) }
    }

    /// One module's declarations: counts, and the public ones that could be candidates, by name.
    struct ModuleScan {
        var byLevel: [String: Int] = [:]
        var publicSurface = 0
        var unused: [String: [AccessCandidate]] = [:]
        var open: [String: [AccessCandidate]] = [:]

        init(_ files: [SourceFile]) {
            // What the module declares that shields members: protocols, their requirements,
            // and types with an inheritance clause on the type or any extension. And what its
            // public declarations expose, which must stay public: the types their inheritance
            // clauses name and the names a public typealias stands for.
            var protocols = Set<String>(), conforming = Set<String>(), exposed = Set<String>()
            for file in files {
                for declaration in file.facts.declarations {
                    if declaration.kind == .protocol { protocols.insert(DeclarationFact.simpleName(declaration.name)) }
                    if !declaration.inherits.isEmpty, declaration.kind.isType || declaration.kind == .extension {
                        conforming.insert(DeclarationFact.simpleName(declaration.name))
                    }
                    guard declaration.access <= .public else { continue }
                    for type in declaration.inherits { exposed.insert(DeclarationFact.simpleName(type)) }
                    if declaration.kind == .typealias, let value = declaration.value {
                        exposed.formUnion(value.split { !($0 == "_" || $0.isLetter || $0.isNumber) }.map(String.init))
                    }
                }
            }
            var requirements = Set<String>()
            for file in files {
                for declaration in file.facts.declarations {
                    if let parent = declaration.parent, protocols.contains(DeclarationFact.simpleName(parent)) {
                        requirements.insert(DeclarationFact.simpleName(declaration.name))
                    }
                }
            }
            for file in files {
                for declaration in file.facts.declarations where declaration.kind != .extension {
                    byLevel[declaration.access.rawValue, default: 0] += 1
                    guard declaration.access <= .public else { continue }
                    publicSurface += 1
                    if declaration.traits.contains(.objc) || declaration.traits.contains(.entryPoint) { continue }
                    let name = DeclarationFact.simpleName(declaration.name)
                    let candidate = AccessCandidate(
                        name: name, kind: declaration.kind, parent: declaration.parent, access: declaration.access,
                        evidence: Location(file: file.path, line: declaration.line))
                    if declaration.kind == .class, declaration.access == .open {
                        open[name, default: []].append(candidate)
                    }
                    if declaration.traits.contains(.override) || !isIdentifier(name) || implicitNames.contains(name) { continue }
                    if declaration.kind.isType || declaration.kind == .typealias, exposed.contains(name) { continue }
                    if let parent = declaration.parent.map(DeclarationFact.simpleName) {
                        if protocols.contains(parent) || conforming.contains(parent) || requirements.contains(name) { continue }
                    }
                    unused[name, default: []].append(candidate)
                }
            }
        }
    }
}
