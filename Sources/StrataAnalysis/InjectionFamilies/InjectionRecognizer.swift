import StrataModel

/// Every DI family, in the order they claim a fact: for a call, configured calls come first, then
/// the containers recognised by their declarations, Swinject's vocabulary, containers declared
/// elsewhere, and Factory, whose consumer calls (any lowercase name) come last.
package enum InjectionFamilies {
    static let all: [any InjectionFamily.Type] = [
        ConfiguredCallFamily.self,
        KeyPathContainerFamily.self,
        HandWrittenContainerFamily.self,
        SwinjectFamily.self,
        ForeignContainerFamily.self,
        FactoryFamily.self,
        SwiftDependenciesFamily.self,
    ]

    package static var definitions: [InjectionFamilyDefinition] { all.map { $0.definition } }

    /// How many registrations and resolutions each family recognises in a project (by family id),
    /// before they are matched: what the catalog's test checks against each family's fixtures.
    package static func recognitions(in project: Project, vocabulary: InjectionVocabulary) -> [String: Int] {
        let sources = InjectionWiring.appSources(project)
        let recognizer = InjectionRecognizer(vocabulary: vocabulary, sources: sources)
        var counts: [String: Int] = [:]
        for (module, files) in sources {
            for file in files where !file.facts.injections.isEmpty {
                let found = recognizer.recognize(file, module: module)
                for entry in found.registrations { counts[entry.by, default: 0] += 1 }
                for entry in found.resolutions { counts[entry.by, default: 0] += 1 }
            }
        }
        return counts
    }
}

/// Decides what each piece of scanned injection syntax registers or resolves: each family of
/// DI syntax (`InjectionFamilies.all`: Swinject, Factory, swift-dependencies, hand-written
/// containers, configured calls, ...) claims the facts it recognises, the first claiming a fact
/// deciding it. The recognizer holds what the families read across the repository: the
/// configured vocabulary, the recognised containers, the keys' values, Factory's names.
struct InjectionRecognizer {
    /// Which namespace a key lives in: registrations only serve resolutions of their namespace.
    enum Namespace: String {
        /// Swinject-style and configured containers, keyed by type or configured key.
        case container
        /// Factory properties, keyed by property name.
        case factory
        /// swift-dependencies, keyed by key path name or key type.
        case dependencies
        /// Containers resolving key paths to their own properties, keyed by property name.
        case keyPath
    }

    struct Recognized<Value> {
        var value: Value
        var family: Namespace
        /// The index, in the same file's injection facts, of the fact it came from.
        var fact: Int
        /// The id of the `InjectionFamily` that recognised it.
        var by: String
    }

    /// A call's names: one per string its `name:` is computed to, dynamic when it cannot be.
    typealias Names = (names: [String?], dynamic: Bool, unbounded: String?)

    let vocabulary: InjectionVocabulary
    /// The hand-written containers recognised by shape.
    let containers: InjectionContainers
    /// `Type.member` → value, for configured registration keys (`ManagementCardItem.injectId`)
    /// and the members containers key by (`LoginDependencyItem.Interface`).
    let members: [String: String]
    /// Computes names that are not literals; nil when no call names one (most repositories),
    /// so the values of every file are not indexed for nothing.
    let evaluator: NameEvaluator?
    /// Factory's properties, containers and resolving helpers, from the symbol index.
    let factory: InjectionNames
    /// The collections of key paths to factories that a subscript resolves.
    let keyPathCollections: KeyPathCollections
    /// The properties of containers resolving key paths with defaults.
    let keyPathProperties: Set<String>
    /// swift-dependencies' keys.
    let dependencyKeys: DependencyKeys
    /// The wrappers of containers declared elsewhere.
    let foreign: ForeignContainers

    init(vocabulary: InjectionVocabulary, sources: [String: [SourceFile]]) {
        self.vocabulary = vocabulary
        // In the modules' order, not the dictionary's: where two declare a member, one wins.
        let files = sources.sorted { $0.key < $1.key }.flatMap(\.value)
        let computes = files.contains { $0.facts.injections.contains { $0.computedName != nil } }
        evaluator = computes
            ? NameEvaluator(
                facts: files.flatMap(\.facts.values),
                types: files.flatMap { file in
                    file.facts.declarations.lazy.filter { $0.kind.isType || $0.kind == .extension }.map(\.qualifiedName)
                })
            : nil
        containers = InjectionContainers(sources: sources, ignore: Set(vocabulary.ignore))
        members = Self.members(
            keys: Set(vocabulary.registrations.compactMap(\.key)).union(containers.stores.compactMap(\.member)), files: files)
        dependencyKeys = DependencyKeys(files: files)
        foreign = ForeignContainers(files: files, vocabulary: vocabulary)
        factory = FactoryContainers.names(in: files.map(\.facts))
        keyPathCollections = KeyPathCollections(files: files)
        keyPathProperties = Set(files.flatMap { $0.facts.injections.filter { $0.shape == .keyPathDefault }.map(\.name) })
    }

    /// `Type.member` → value of the members named `keys`, by the type's own name and by its
    /// qualified one (`CardFeature.Entry.CardItem`).
    static func members(keys: Set<String>, files: [SourceFile]) -> [String: String] {
        var members: [String: String] = [:]
        guard !keys.isEmpty else { return members }
        for file in files {
            for declaration in file.facts.declarations where keys.contains(declaration.name) {
                if let parent = declaration.parent, let value = declaration.value {
                    members["\(parent).\(declaration.name)"] = value
                    if let scope = declaration.scope { members["\(scope).\(declaration.name)"] = value }
                }
            }
        }
        return members
    }

    /// The registrations and resolutions of one file.
    func recognize(_ file: SourceFile, module: String) -> (registrations: [Recognized<Registration>], resolutions: [Recognized<Resolution>]) {
        var found = InjectionRecognition(file: file, module: module)
        for (index, fact) in file.facts.injections.enumerated() {
            found.start(index, named: name(fact))
            for family in InjectionFamilies.all {
                found.family = family.definition.id
                if family.claims(fact, &found, self) { break }
            }
        }
        return (found.registrations, found.resolutions)
    }

    /// Whether a call of a container keyed by key paths names one of its properties, and not a
    /// factory that another method of the same name resolves (`resolve(\.myService)` of a
    /// container of factories beside it).
    func keyPathContainerServes(_ key: InjectionFact.Argument) -> Bool {
        guard let property = Self.keyPathName(key.text) else { return false }
        return keyPathProperties.contains(property) || !factory.factories.contains(property)
    }

    /// `@Injected`, or `Injected(_:)` for a wrapper made by a call (`Injected(\.x).wrappedValue`).
    static func wrapperAPI(_ fact: InjectionFact) -> String {
        fact.key == "init" ? fact.name + "(_:)" : "@" + fact.name
    }

    /// The value of a type's key member (`CardItem.injectId` → `InjectIdentifier.card`), the type
    /// named as written or by its own name.
    func member(_ type: String, _ name: String) -> String? {
        members["\(type).\(name)"] ?? members["\(DeclarationFact.simpleName(type)).\(name)"]
    }

    /// The most names one call is expanded to; a name with more possible values is dynamic.
    static let maximumNames = 64

    /// A call's `name:`: a string literal's content (`"MainCoordinator"` → `MainCoordinator`),
    /// the strings an expression of known values computes to (`route.coordinatorName` over
    /// `Route.allCases`), or dynamic when it cannot be computed (`action.coordinatorString` of
    /// a parameter), which no scan can check. `[nil]`: no name.
    func name(_ fact: InjectionFact) -> Names {
        guard fact.shape == .call, let text = fact.arguments.first(where: { $0.label == "name" })?.text else { return ([nil], false, nil) }
        if let expression = fact.computedName {
            guard let evaluator else { return ([nil], true, "\(text) is not computable") }
            let computed = evaluator.names(expression)
            guard let names = computed.strings, !names.isEmpty else {
                return ([nil], true, computed.unbounded ?? "\(text) has no value")
            }
            guard names.count <= Self.maximumNames else { return ([nil], true, "\(text) has more than \(Self.maximumNames) names") }
            return (names, false, nil)
        }
        let isLiteral = text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") && !text.contains("\\(")
        return isLiteral ? ([String(text.dropFirst().dropLast())], false, nil) : ([nil], true, "\(text) is not computable")
    }

    /// `\.homeViewModel`, `\Container.homeViewModel` or `\DI.Container.homeViewModel` →
    /// `homeViewModel`; `\.date.now` → `date`.
    static func keyPathName(_ text: String) -> String? {
        guard text.hasPrefix("\\") else { return nil }
        var components = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)[...]
        // The root, empty or a type, qualified or not: `\.x`, `\Container.x`, `\DI.Container.x`.
        if components.first?.isEmpty == true {
            components.removeFirst()
        } else {
            while components.first?.first?.isUppercase == true { components.removeFirst() }
        }
        guard let first = components.first, !first.isEmpty else { return nil }
        return String(first)
    }
}
