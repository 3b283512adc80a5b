import StrataModel

/// Hand-written containers recognised by their shape (`InjectionContainers`): a method storing
/// into a dictionary under a key made of a metatype (or a member of it), a method reading it
/// back, whatever they are called; their calls anywhere, and the property wrappers resolving
/// through one (`@Injectable var x: P`). A registration may take a value, not a factory
/// (`register(NotesRepo.self, LiveNotesRepo())`).
enum HandWrittenContainerFamily: InjectionFamily {
    static let definition = InjectionFamilyDefinition(
        id: "hand-written-containers", title: "Hand-written containers",
        summary: "a type storing factories or values into a dictionary keyed by a metatype and reading them back by type; its calls and its property wrappers",
        marks: [".Type", "propertyWrapper"],
        triggers: [
            "hand-written-container-extension/extension-local-key", "container-keys-by-generic/issue-shape",
            "value-registration/initializer-call",
        ],
        passes: "factory-reached-four-ways/shared")

    static func claims(_ fact: InjectionFact, _ found: inout InjectionRecognition, _ recognizer: InjectionRecognizer) -> Bool {
        let containers = recognizer.containers
        switch fact.shape {
        case .call:
            if let (method, key) = containers.store(fact), !method.byKeyPath {
                guard !fact.generic, let registered = method.service(fact, key: key) else { return true }
                let service = method.member.map { recognizer.member(registered, $0) ?? "\(registered).\($0)" } ?? registered
                let mismatch = containers.keyMismatch(method, key: key, service: service)
                found.register(
                    .container, api: "\(method.container).\(method.signature)", service: service,
                    // Registering a type keyed by its member registers that type as the implementation.
                    implementation: fact.implementation ?? (method.member == nil ? nil : registered), keyMismatch: mismatch)
                return true
            }
            guard let (method, key) = containers.read(fact), !method.byKeyPath else { return false }
            guard !fact.generic, let service = method.key == "type" ? key.metatype : key.text else { return true }
            found.resolve(.container, api: "\(method.container).\(method.signature)", service: service)
            return true
        case .wrapper:
            // A wrapper of the repository's own resolves by type; with a key path it is Factory's.
            let key = fact.arguments.first
            guard containers.resolvesThroughWrapper(fact.name) && key.map({ InjectionRecognizer.keyPathName($0.text) == nil }) ?? true,
                  let type = fact.type else { return false }
            found.resolve(.container, api: "@" + fact.name, service: type)
            return true
        default:
            return false
        }
    }
}
