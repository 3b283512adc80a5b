/// A name a header declares, as Swift sees it.
public struct HeaderDeclaration: Hashable, Sendable, Comparable {
    public enum Kind: String, Sendable {
        /// A class, protocol, struct, union, enum or typedef.
        case type
        case function
        /// A global variable or constant, an object-like macro that is a constant, a case of a
        /// plain C enum (Swift imports those as globals).
        case variable
        /// A method, property, field or case of a type (`NS_ENUM` and `NS_OPTIONS` cases,
        /// `NS_TYPED_ENUM` constants), or what `NS_SWIFT_NAME` makes a member.
        case member
        /// A class the headers give members a Swift file uses without spelling them, its name:
        /// initializers (`UIImage(bundleImageName:)` from a category's `initWithBundleImageName:`
        /// or a factory `+imageWith…:`) and subscripts (`objectAtIndexedSubscript:`). Like
        /// Swift's `extension UIImage { convenience init(…) }`.
        case `extension`
    }

    /// The name a Swift file spells.
    public var name: String
    public var kind: Kind
    /// For a member, the type it belongs to (its Swift name) when the header says.
    public var owner: String?
    /// The header's line that declares it.
    public var line: Int

    public init(_ name: String, _ kind: Kind, owner: String? = nil, line: Int) {
        self.name = name
        self.kind = kind
        self.owner = owner
        self.line = line
    }

    public static func < (lhs: HeaderDeclaration, rhs: HeaderDeclaration) -> Bool {
        (lhs.name, lhs.kind.rawValue, lhs.owner ?? "", lhs.line) < (rhs.name, rhs.kind.rawValue, rhs.owner ?? "", rhs.line)
    }
}
