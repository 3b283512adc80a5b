import StrataModel

/// swift-dependencies (pointfreeco): a `DependencyValues` property reading a key
/// (`var audio: AudioClient { get { self[AudioClient.self] } ... }`) or made by
/// `@DependencyEntry`, the key's conformances to `DependencyKey` giving its values
/// (`liveValue`, `testValue`, `previewValue`), and `@Dependency(\.audio)` or
/// `@Dependency(AudioClient.self)` resolving it. One registration per dependency.
enum SwiftDependenciesFamily: InjectionFamily {
    static let definition = InjectionFamilyDefinition(
        id: "swift-dependencies", title: "swift-dependencies",
        summary: "`DependencyValues` properties and `DependencyKey` conformances, resolved with `@Dependency(\\.x)` or `@Dependency(Key.self)`",
        marks: ["Dependency"],
        triggers: ["swift-dependencies-client/dependency-entry", "swift-dependencies-client/conformance-other-file"],
        passes: "swinject-named-and-assembly/literal-names")

    static func claims(_ fact: InjectionFact, _ found: inout InjectionRecognition, _ recognizer: InjectionRecognizer) -> Bool {
        let keys = recognizer.dependencyKeys
        switch fact.shape {
        case .wrapper:
            guard fact.name == "Dependency", let key = fact.arguments.first else { return false }
            let service = key.metatype.map { keys.owners[$0] ?? $0 } ?? InjectionRecognizer.keyPathName(key.text) ?? key.text
            found.resolve(.dependencies, api: InjectionRecognizer.wrapperAPI(fact), service: service)
        case .dependencyValue:
            // `@DependencyEntry var x = ...` carries its values; a property reads its key's.
            let entry = fact.arguments.map(\.labelled)
            found.register(
                .dependencies, api: "swift-dependencies", service: fact.name,
                implementation: fact.arguments.first { $0.label == "liveValue" }?.text ?? keys.liveImplementation(fact.implementation),
                type: fact.type, values: entry.isEmpty ? keys.key(fact.implementation).flatMap { keys.values[$0] } ?? [] : entry)
        case .dependencyKey:
            // A key no `DependencyValues` property reads is a dependency of its own
            // (`@Dependency(Key.self)`), once however many conformances it has.
            guard keys.owners[fact.name] == nil, keys.evidence[fact.name] == found.evidence else { return true }
            found.register(
                .dependencies, api: "swift-dependencies", service: fact.name, implementation: keys.liveImplementation(fact.name),
                type: fact.type, values: keys.values[fact.name] ?? [])
        default:
            return false
        }
        return true
    }
}

/// swift-dependencies' keys across the repository: which property reads each, its values and
/// its first conformance.
struct DependencyKeys {
    /// Key type → the `DependencyValues` property reading it.
    let owners: [String: String]
    /// Key type → its values (`liveValue: LiveClient`), over all its conformances.
    let values: [String: [String]]
    /// Key type → its first conformance, which stands for the key when no property reads it.
    let evidence: [String: Location]

    init(files: [SourceFile]) {
        var owners: [String: String] = [:], values: [String: [String]] = [:], first: [String: Location] = [:]
        for file in files {
            for fact in file.facts.injections {
                if fact.shape == .dependencyValue, let key = fact.implementation { owners[key] = fact.name }
                guard fact.shape == .dependencyKey else { continue }
                values[fact.name, default: []] += fact.arguments.map(\.labelled)
                let evidence = Location(file: file.path, line: fact.line)
                first[fact.name] = min(first[fact.name] ?? evidence, evidence)
            }
        }
        let order = ["liveValue", "testValue", "previewValue"]
        // A key written relative to where it is read (`Keys.Live` for `AudioClient.Keys.Live`),
        // in name order; a key written out in full, or qualified first, keeps its owner.
        for (written, owner) in owners.sorted(by: { $0.key < $1.key }) {
            if let key = Self.qualifiedKey(written, among: values.keys), key != written, owners[key] == nil { owners[key] = owner }
        }
        self.owners = owners
        self.values = values.mapValues { values in
            Array(Set(values)).sorted { (order.firstIndex(of: String($0.prefix { $0 != ":" })) ?? 3, $0) < (order.firstIndex(of: String($1.prefix { $0 != ":" })) ?? 3, $1) }
        }
        evidence = first
    }

    /// The key a `self[Key.self]` names, qualified (`Keys.Live` → `AudioClient.Keys.Live`).
    func key(_ written: String?) -> String? {
        written.map { Self.qualifiedKey($0, among: values.keys) ?? $0 }
    }

    /// `written` itself when it is one of `keys`, else the only key it is the end of; nil for none.
    static func qualifiedKey(_ written: String, among keys: some Collection<String>) -> String? {
        if keys.contains(written) { return written }
        let matches = keys.filter { $0.hasSuffix("." + written) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// What a registration makes: its key's `liveValue`'s type.
    func liveImplementation(_ key: String?) -> String? {
        self.key(key).flatMap { values[$0] }?.first { $0.hasPrefix("liveValue: ") }.map { String($0.dropFirst("liveValue: ".count)) }
    }
}
