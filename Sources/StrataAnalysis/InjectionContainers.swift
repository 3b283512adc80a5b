import StrataModel

/// Hand-written containers, recognised by their shape rather than by configuration.
///
/// A container is a type with a method that stores into one of its dictionary properties
/// under a key made from a metatype parameter (`factories[ObjectIdentifier(T.self)] = ...`,
/// `"\(T.self)"`, `String(describing: type)`, or a member of it: `items[type.injectId]`), and a
/// method that reads the same dictionary back: by a metatype, returning what it names
/// (`resolve<T>(_: T.Type) -> T?`), or by a plain value when the store keys by a member's value
/// (`load(for id: String)`). Method names play no part: calls of those methods anywhere are
/// registrations and resolutions, and property wrappers that resolve their generic parameter
/// through one (`@Injectable var x: P`) are resolutions of their property's type.
///
/// A type that stores by metatype but reads something else back (Vapor's
/// `Storage.get<Key>(_: Key.Type) -> Key.Value?`) is not a container.
public struct InjectionContainers: Sendable {
    /// A method of a recognised container, by the fact that declares it.
    struct Method: Sendable {
        var container: String
        var name: String
        /// The parameters' labels (nil for `_`).
        var labels: [String?]
        /// `type`, `type.m` or `value:i`, as `InjectionFact.key`.
        var key: String
        /// The label of the parameter the key is made of.
        var keyLabel: String?
        /// Keyed by a generic parameter no argument names (`resolve<T>() -> T`): the type is
        /// the call's contextual one, `let x: P = container.resolve()`.
        var inferred = false
        /// Keyed by the result type of the closure at the key's label (`register<T>(_ make:
        /// @escaping () -> T)`): the service is what the closure returns.
        var closureResult = false
        /// The dictionary it stores into or reads.
        var dictionary = ""
        /// The key as a term over the type (`InjectionFact.keyTerm`), nil when not known.
        var term: (form: Substring, level: Int)?
        /// Its generic parameter is bound by a value parameter (`interface: T`): a call passing
        /// `P.self` binds it to `P`'s metatype, one level above `P`.
        var valueBound = false
        /// Where the method is declared.
        var location = Location(file: "", line: 0)

        var signature: String { "\(name)(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")" }

        /// The member of the registered type that keys it: `Interface` for `type.Interface`.
        var member: String? { key.hasPrefix("type.") ? String(key.dropFirst(5)) : nil }

        /// Keyed by a key path to a property of the container (`keyPath:i`).
        var byKeyPath: Bool { key.hasPrefix("keyPath:") }

        /// Whether a call is this method: its name, and the key argument at the key's label.
        func keyArgument(of fact: InjectionFact) -> InjectionFact.Argument? {
            guard fact.shape == .call, fact.name == name else { return nil }
            if inferred {
                guard fact.arguments.isEmpty, reaches(fact.receiver) else { return nil }
                return fact.type.map { InjectionFact.Argument(label: nil, text: $0 + ".self") }
            }
            let labels = fact.arguments.map(\.label).filter { $0 != "{}" }
            // Every label of the call is a parameter's, in order (defaulted ones may be left out).
            var rest = self.labels[...]
            for label in labels {
                guard let index = rest.firstIndex(where: { $0 == label }) else { return nil }
                rest = rest[(index + 1)...]
            }
            if closureResult {
                // The closure, trailing or at its label; a call passing a metatype is another
                // method's (Swinject's `register(P.self) { }` beside it).
                guard !fact.arguments.contains(where: { $0.metatype != nil }) else { return nil }
                return fact.arguments.first { $0.text == "{…}" && ($0.label == keyLabel || $0.label == "{}") }
            }
            let key = fact.arguments.first { $0.label == keyLabel && $0.label != "{}" }
            // A value, not a metatype, tells no container apart (`plugins.register(LogPlugin())`):
            // the receiver must be this one, as for a call without arguments.
            if valueBound, key?.metatype == nil, !reaches(fact.receiver) { return nil }
            return key
        }

        /// Whether a receiver may be this container: a call with nothing to tell it by (no
        /// argument) must name it (`DIContainer.shared.resolve()`, `diContainer.resolve()`), be
        /// made inside it, or go through a variable called a container or resolver; another
        /// type's `get()` is not a resolution.
        func reaches(_ receiver: String?) -> Bool {
            guard let receiver else { return true }
            let path = receiver.split(separator: ".")
            if path.contains(where: { $0 == container }) { return true }
            let last = path.last?.lowercased() ?? ""
            return last.contains(container.lowercased()) || last.contains("container") || last.contains("resolver")
        }

        /// The service a call of this method names by its key argument: the metatype; for a
        /// closure, its declared or cast result type, else the one type it constructs; for a
        /// value bound to the generic parameter (`register<T>(_ value: T)`), the value's type.
        func service(_ fact: InjectionFact, key: InjectionFact.Argument) -> String? {
            if byKeyPath { return InjectionRecognizer.keyPathName(key.text) }
            if closureResult { return fact.type ?? fact.implementation }
            return key.metatype ?? (valueBound ? key.type : nil)
        }
    }

    var stores: [Method] = []
    var reads: [Method] = []
    /// Property wrapper types that resolve their generic parameter through a container.
    var wrappers: Set<String> = []
    /// Containers keyed by key paths whose read falls back on the property itself, and the
    /// types conforming to them: their properties are registrations (`keyPathDefault`).
    var keyPathDefaults: Set<String> = []
    /// What the report says about each.
    public var containers: [InjectionContainer] = []

    public init(sources: [String: [SourceFile]], ignore: Set<String> = []) {
        // In the modules' order, not the dictionary's: the first store found is a container's evidence.
        self.init(files: sources.sorted { $0.key < $1.key }.flatMap(\.value).map { ($0.path, $0.facts) }, ignore: ignore)
    }

    init(files: [(path: String, facts: FileFacts)], ignore: Set<String>) {
        let (dictionaryProperties, conforming) = Self.dictionaryProperties(files)
        var storeFacts: [DictionaryProperty: [(fact: InjectionFact, path: String)]] = [:], readFacts: [DictionaryProperty: [(fact: InjectionFact, path: String)]] = [:]
        var declaredWrappers: Set<String> = []
        var helpers = KeyHelpers()
        for (path, facts) in files {
            for fact in facts.injections {
                if fact.shape == .keyHelper {
                    helpers.add(fact)
                    continue
                }
                guard let context = fact.context, !ignore.contains(context) else { continue }
                let type = DeclarationFact.simpleName(context)
                if fact.shape == .store || fact.shape == .read, !dictionaryProperties.contains("\(type).\(fact.receiver ?? "")") { continue }
                switch fact.shape {
                case .store: storeFacts[DictionaryProperty(type: type, name: fact.receiver ?? ""), default: []].append((fact, path))
                case .read: readFacts[DictionaryProperty(type: type, name: fact.receiver ?? ""), default: []].append((fact, path))
                case .propertyWrapper: declaredWrappers.insert(fact.name)
                default: break
                }
            }
        }
        // By type, then dictionary: a type with two dictionaries (factories, singletons) lists
        // its methods in the same order in every process (the first matching a call claims it).
        for (key, storing) in storeFacts.sorted(by: { ($0.key.type, $0.key.name) < ($1.key.type, $1.key.name) }) {
            add(key, storing: storing, reading: readFacts[key] ?? [], conforming: conforming, helpers: helpers)
        }
        findWrappers(files, declared: declaredWrappers)
        containers.sort()
    }

    /// A type's dictionary property, which its methods store into and read.
    private struct DictionaryProperty: Hashable {
        var type: String
        var name: String
    }

    /// The symbol index's dictionary properties, `Type.name`: a store or read is into one the
    /// type declares, whichever file declares it; with the types conforming to each protocol,
    /// for containers whose methods are in a protocol's extension and whose dictionary a
    /// conforming type declares.
    private static func dictionaryProperties(
        _ files: [(path: String, facts: FileFacts)]
    ) -> (properties: Set<String>, conforming: [String: Set<String>]) {
        var dictionaryProperties: Set<String> = []
        var conformances: [String: Set<String>] = [:], conforming: [String: Set<String>] = [:]
        // The types stores and reads are made in and the properties they name: only a
        // conformance to one of those types is asked about (`conforming[type]`, and a property a
        // conforming type declares for it), and only a property of one of those names.
        var contexts: Set<String> = [], receivers: Set<String> = [], stores = false
        for (_, facts) in files {
            for fact in facts.injections where fact.shape == .store || fact.shape == .read {
                if let context = fact.context { contexts.insert(DeclarationFact.simpleName(context)) }
                receivers.insert(fact.receiver ?? "")
                stores = stores || fact.shape == .store
            }
        }
        guard stores else { return ([], [:]) }
        for (_, facts) in files {
            let declarations = facts.declarations  // by index: read field by field, never copied whole
            for index in declarations.indices {
                // The type first: a byte or two rules out most properties without hashing a name.
                if declarations[index].kind == .var, let type = declarations[index].type, Self.isDictionary(type),
                   receivers.contains(declarations[index].name), let parent = declarations[index].parent {
                    dictionaryProperties.insert("\(DeclarationFact.simpleName(parent)).\(declarations[index].name)")
                } else if declarations[index].kind.isType || declarations[index].kind == .extension, !declarations[index].inherits.isEmpty {
                    for inherited in declarations[index].inherits.map(DeclarationFact.simpleName) where contexts.contains(inherited) {
                        let type = DeclarationFact.simpleName(declarations[index].name)
                        conformances[type, default: []].insert(inherited)
                        conforming[inherited, default: []].insert(type)
                    }
                }
            }
        }
        for property in dictionaryProperties {
            guard let dot = property.firstIndex(of: ".") else { continue }
            for inherited in conformances[String(property[..<dot])] ?? [] {
                dictionaryProperties.insert(inherited + property[dot...])
            }
        }
        return (dictionaryProperties, conforming)
    }

    /// A container, when the methods storing into one of its dictionaries key by the type (or a
    /// key path) and others read it back.
    private mutating func add(
        _ key: DictionaryProperty, storing: [(fact: InjectionFact, path: String)], reading facts: [(fact: InjectionFact, path: String)],
        conforming: [String: Set<String>], helpers: KeyHelpers
    ) {
        let registering = storing.compactMap { Self.method(key.type, $0.fact, path: $0.path, helpers: helpers) }
            .filter { $0.key.hasPrefix("type") || $0.byKeyPath }
        let byMember = registering.contains { $0.member != nil }
        let byKeyPath = registering.contains(where: \.byKeyPath)
        // Reads back by type (the scan checked it returns what the type names), by a
        // member's value when the store keys by one, or by a key path when the store does.
        let reading = facts.filter { entry in
            entry.fact.key == "type" || entry.fact.key?.hasPrefix("value:") == true && byMember
                || entry.fact.key?.hasPrefix("keyPath:") == true && byKeyPath
        }.compactMap { Self.method(key.type, $0.fact, path: $0.path, helpers: helpers) }
        guard !registering.isEmpty, !reading.isEmpty, let first = storing.first else { return }
        stores += registering
        reads += reading
        if byKeyPath, facts.contains(where: { $0.fact.key?.hasPrefix("keyPath:") == true && $0.fact.keyTerm == "default" }) {
            keyPathDefaults.insert(key.type)
            keyPathDefaults.formUnion(conforming[key.type] ?? [])
        }
        let keyed = registering.map { method in
            method.byKeyPath ? "a key path to one of its properties"
                : method.member.map { "the registered type's \($0)" } ?? "the registered type"
        }
        containers.append(InjectionContainer(
            type: key.type, registers: registering.map(\.signature), resolves: reading.map(\.signature),
            reason: "\(registering.map(\.signature).joined(separator: ", ")) stores into \(key.name) keyed by "
                + "\(Set(keyed).sorted().joined(separator: " or ")), and "
                + "\(reading.map(\.signature).joined(separator: ", ")) reads it back",
            evidence: Location(file: first.path, line: first.fact.line)))
    }

    /// The declared property wrappers resolving their generic parameter through a container,
    /// and each container's.
    private mutating func findWrappers(_ files: [(path: String, facts: FileFacts)], declared: Set<String>) {
        let readNames = Set(reads.map(\.name))
        for (_, facts) in files {
            for fact in facts.injections where fact.shape == .call && fact.generic {
                if let context = fact.context, declared.contains(context), readNames.contains(fact.name),
                   reads.contains(where: { $0.keyArgument(of: fact) != nil }) {
                    wrappers.insert(context)
                }
            }
        }
        for index in containers.indices {
            let names = Set(reads.filter { $0.container == containers[index].type }.map(\.name))
            containers[index].wrappers = wrappers.filter { wrapper in
                files.contains { $0.facts.injections.contains { $0.context == wrapper && $0.generic && names.contains($0.name) } }
            }.sorted().map { "@" + $0 }
        }
    }

    /// `[K: V]`, `[K: V]?`, `Dictionary<K, V>`: a dictionary type as written.
    static func isDictionary(_ type: String) -> Bool {
        guard let first = type.utf8.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "D") else { return false }
        if type.hasPrefix("Dictionary<") { return true }
        guard first == UInt8(ascii: "[") else { return false }
        var depth = 0
        for character in type {
            switch character {
            case "[", "(", "<": depth += 1
            case "]", ")", ">": depth -= 1
            case ":" where depth == 1: return true
            default: continue
            }
        }
        return false
    }

    static func method(_ container: String, _ fact: InjectionFact, path: String, helpers: KeyHelpers) -> Method? {
        guard var method = method(container, fact) else { return nil }
        method.dictionary = fact.receiver ?? ""
        method.location = Location(file: path, line: fact.line)
        if let term = fact.keyTerm.flatMap(KeyHelpers.term) {
            method.term = helpers.resolve(term, in: DeclarationFact.simpleName(fact.context ?? ""))
        }
        return method
    }

    /// The functions making a key of their one parameter (`keyHelper` facts), by type and name.
    struct KeyHelpers {
        /// `Type.name` (or `name` at top level) → the helper's term and its type; nil where two
        /// helpers of that name make different terms (overloads), which are then not compared.
        private var terms: [String: (form: Substring, level: Int, owner: String)?] = [:]

        /// `<form>:<level>` as a term.
        static func term(_ text: String) -> (form: Substring, level: Int)? {
            guard let colon = text.lastIndex(of: ":"), let level = Int(text[text.index(after: colon)...]) else { return nil }
            return (text[..<colon], level)
        }

        mutating func add(_ fact: InjectionFact) {
            guard let term = fact.keyTerm.flatMap(Self.term) else { return }
            let owner = fact.context.map(DeclarationFact.simpleName) ?? ""
            let key = owner.isEmpty ? fact.name : "\(owner).\(fact.name)"
            if let known = terms[key] {
                if let known, known.form != term.form || known.level != term.level { terms[key] = .some(nil) }
            } else {
                terms[key] = (term.form, term.level, owner)
            }
        }

        /// A term with the helpers it calls (`call:key`, `call:Keys.key`) taken: the helper's term
        /// of the type `level` times `type(of:)`. A helper named alone is looked up in the type the
        /// call is made in, else at top level. Nil when a helper is not known (or overloaded).
        func resolve(_ term: (form: Substring, level: Int), in container: String, depth: Int = 0) -> (form: Substring, level: Int)? {
            guard term.form.hasPrefix("call:") else { return term }
            let name = term.form.dropFirst("call:".count)
            let found = name.contains(".") ? terms[String(name)] : terms["\(container).\(name)"] ?? terms[String(name)]
            guard depth < 4, let helper = found ?? nil else { return nil }
            return resolve((helper.form, term.level + helper.level), in: helper.owner, depth: depth + 1)
        }
    }

    static func method(_ container: String, _ fact: InjectionFact) -> Method? {
        guard let key = fact.key else { return nil }
        let labels = fact.arguments.map(\.label)
        let keyLabel: String??
        if key.hasPrefix("keyPath:"), fact.shape == .store,
           !fact.arguments.contains(where: { argument in fact.type.map { Self.returns(argument.text, $0) } ?? false }) {
            // A store by key path registers a factory of the value (`register(_:_ make: @escaping
            // () -> T)`); one taking the value itself is a settings store, not a container.
            return nil
        } else if let colon = key.firstIndex(of: ":"), key.hasPrefix("value:") || key.hasPrefix("keyPath:") {
            keyLabel = Int(key[key.index(after: colon)...]).flatMap { labels.indices.contains($0) ? labels[$0] : nil }
        } else if let metatype = fact.arguments.first(where: { $0.text.hasSuffix(".Type") }) {
            keyLabel = metatype.label
        } else if fact.shape == .store, let generic = fact.type {
            // `interface: T` passed a metatype, or a closure returning T.
            if let value = fact.arguments.first(where: { $0.text == generic }) {
                var method = Method(container: container, name: fact.name, labels: labels, key: key, keyLabel: value.label)
                method.valueBound = true
                return method
            } else if let closure = fact.arguments.first(where: { Self.returns($0.text, generic) }) {
                var method = Method(container: container, name: fact.name, labels: fact.arguments.map(\.label), key: key, keyLabel: closure.label)
                method.closureResult = true
                return method
            } else {
                keyLabel = nil
            }
        } else {
            keyLabel = nil
        }
        guard let keyLabel else {
            // A read keyed by a generic parameter alone, called with no arguments.
            guard fact.shape == .read, key == "type", fact.arguments.isEmpty else { return nil }
            return Method(container: container, name: fact.name, labels: [], key: key, keyLabel: nil, inferred: true)
        }
        return Method(container: container, name: fact.name, labels: labels, key: key, keyLabel: keyLabel)
    }

    /// Whether a parameter's type is a function returning `generic`: `@escaping () -> T`,
    /// `(Resolver) -> T?`, `@escaping (() -> T)`.
    static func returns(_ type: String, _ generic: String) -> Bool {
        var text = Substring(type)
        if text.hasPrefix("@escaping ") { text = text.dropFirst("@escaping ".count) }
        // `(() -> T)`: the function type in parentheses.
        while text.hasPrefix("(("), text.hasSuffix(")") { text = text.dropFirst().dropLast() }
        guard text.hasPrefix("("), let arrow = text.split(separator: "->").last, text.contains("->") else { return false }
        var result = arrow.drop { $0 == " " }
        if result.hasSuffix("?") || result.hasSuffix("!") { result = result.dropLast() }
        return result == generic
    }

    /// The registration method a call is, if any.
    func store(_ fact: InjectionFact) -> (method: Method, key: InjectionFact.Argument)? {
        for method in stores { if let key = method.keyArgument(of: fact) { return (method, key) } }
        return nil
    }

    /// For a registration of `service` (a call of a store method keyed by the type, with its
    /// key argument): the container's read it can never meet, when every read of the same
    /// dictionary keys by another term than the call's (`register<T>(_: () -> T)` keyed by `T`
    /// beside `resolve<T>() -> T` keyed by `type(of: T.self)`); nil when one meets it or a
    /// term is not known. The call's term is the method's, one level up when a value parameter
    /// binds the generic parameter to the metatype passed (`interface: P.self`).
    func keyMismatch(_ method: Method, key: InjectionFact.Argument, service: String) -> Registration.KeyMismatch? {
        guard method.key == "type", let term = method.term else { return nil }
        let level = term.level + (method.valueBound && key.text.hasSuffix(".self") ? 1 : 0)
        let reads = self.reads.filter { $0.container == method.container && $0.dictionary == method.dictionary && $0.key == "type" }
        let terms = reads.compactMap(\.term)
        guard let read = reads.first, let readTerm = terms.first, terms.count == reads.count,
              !terms.contains(where: { $0.form == term.form && $0.level == level }) else { return nil }
        return Registration.KeyMismatch(
            read: "\(read.container).\(read.signature)", readEvidence: read.location,
            registeredKey: Self.describe((term.form, level), of: service), readKey: Self.describe(readTerm, of: service))
    }

    /// A key term as words over a service: `String(describing:) of the metatype of P`.
    static func describe(_ term: (form: Substring, level: Int), of service: String) -> String {
        let form = ["describing": "String(describing:)", "reflecting": "String(reflecting:)", "identifier": "ObjectIdentifier"][String(term.form)]
        let type = String(repeating: "the metatype of ", count: term.level) + service
        return form.map { "\($0) of \(type)" } ?? "the metatype \(type)"
    }

    /// The resolution method a call is, if any.
    func read(_ fact: InjectionFact) -> (method: Method, key: InjectionFact.Argument)? {
        for method in reads { if let key = method.keyArgument(of: fact) { return (method, key) } }
        return nil
    }

    func resolvesThroughWrapper(_ name: String) -> Bool { wrappers.contains(name) }

    /// Whether a container keyed by key paths falls back on its own properties: a key path
    /// always resolves, and a registration of one replaces its property.
    func hasDefaults(_ container: String) -> Bool { keyPathDefaults.contains(container) }

    /// The names a scan must look for to see these containers' call sites and wrappers, beyond
    /// `configured`: scanning is redone with them on the files that spell them.
    public static func names(in facts: some Sequence<FileFacts>, configured: InjectionNames) -> InjectionNames {
        let found = InjectionContainers(files: facts.map { ("", $0) }, ignore: [])
        var wrappers: Set<String> = []
        for file in facts {
            for fact in file.injections where fact.shape == .propertyWrapper { wrappers.insert(fact.name) }
        }
        var containers = InjectionNames(
            calls: Set((found.stores + found.reads).map(\.name)).subtracting(configured.calls).subtracting(InjectionNames.builtInCalls),
            wrappers: wrappers.subtracting(configured.wrappers).subtracting(InjectionNames.builtInWrappers))
        containers.keyPathContainers = found.keyPathDefaults
        return containers.merged(with: FactoryContainers.names(in: facts))
    }
}
