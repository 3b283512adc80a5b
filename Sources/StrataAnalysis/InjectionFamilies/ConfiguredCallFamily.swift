import StrataModel

/// Calls and wrappers `strata.yml` names (`injection:`): a registration by name and labels,
/// keyed by a metatype or by a member of it (`ManagementCardItem.injectId`), a resolution by
/// its first argument, a wrapper by its property's type.
enum ConfiguredCallFamily: InjectionFamily {
    static let definition = InjectionFamilyDefinition(
        id: "configured-calls", title: "Configured calls",
        summary: "`register(_:key:)`-like calls, resolutions and wrappers of a container the repository configures in strata.yml's `injection:`",
        marks: [],
        triggers: ["configured-calls/shared-receiver", "configured-calls/nested-item-type"],
        passes: "lookalike-calls/configured-elsewhere")

    static func claims(_ fact: InjectionFact, _ found: inout InjectionRecognition, _ recognizer: InjectionRecognizer) -> Bool {
        let vocabulary = recognizer.vocabulary
        switch fact.shape {
        case .call:
            if let call = vocabulary.registrations.first(where: { $0.matches(fact) }) {
                guard let registered = fact.generic ? nil : fact.arguments.lazy.compactMap(\.metatype).first else { return true }
                let service = call.key.map { recognizer.member(registered, $0) ?? "\(registered).\($0)" } ?? registered
                found.register(
                    .container, api: call.signature, service: service,
                    implementation: fact.implementation ?? DeclarationFact.simpleName(registered))
                return true
            }
            guard let call = vocabulary.resolutions.first(where: { $0.matches(fact) }) else { return false }
            guard !fact.generic, let key = fact.arguments.first else { return true }
            // `load(for: CardItem.injectId)`: the key's value, as its registration names it.
            let written = key.metatype ?? key.text
            let member = written.lastIndex(of: ".").flatMap { dot in
                recognizer.member(String(written[..<dot]), String(written[written.index(after: dot)...]))
            }
            found.resolve(.container, api: call.signature, service: member ?? written)
            return true
        case .wrapper:
            guard vocabulary.wrappers.contains(fact.name), let type = fact.type else { return false }
            found.resolve(.container, api: "@" + fact.name, service: type)
            return true
        default:
            return false
        }
    }
}
