/// State one module keeps for the whole process: a `shared`-style instance or a DI container
/// type. Linkage analysis needs it because a static module copied into two images gets one
/// copy of this state per image.
public struct Singleton: Hashable, Sendable, Codable, Comparable {
    /// As a reader would name it: `DIContainer.shared`, or a container type such as `AppContainer`.
    public var name: String
    /// Where it is declared.
    public var evidence: Location

    public init(name: String, evidence: Location) {
        self.name = name
        self.evidence = evidence
    }

    /// Type-name endings that mark a DI container: `DIContainer`, `AppAssembler`. Not
    /// `Resolver`: DNS and path resolvers are far more common than containers named so.
    public static let containerSuffixes = ["Container", "Assembler"]

    /// Whether it names a DI container (or its shared instance) rather than other state.
    public var isContainer: Bool {
        let type = name.split(separator: ".").first.map(String.init) ?? name
        return Self.containerSuffixes.contains { type.hasSuffix($0) }
    }

    public static func < (lhs: Singleton, rhs: Singleton) -> Bool {
        lhs.evidence != rhs.evidence ? lhs.evidence < rhs.evidence : lhs.name < rhs.name
    }
}
