/// An expression a string may be computed from, as the scanner read it: what a DI name such as
/// `name: route.coordinatorName` is made of. Anything else is `unknown` (user input, a call).
public indirect enum ValueExpression: Hashable, Sendable, Codable {
    /// `"MainCoordinator"`.
    case string(String)
    /// Parts joined: an interpolation (`"\(self)Coordinator"`), `a + b`,
    /// `String(describing: x)`. A part that is an enum case stands for the case's name.
    case joined([ValueExpression])
    /// An identifier: `self`, `Route`, `kMainName`, a loop variable no loop binds here.
    case name(String)
    /// `.profile`: a case of the type the context expects.
    case implicitMember(String)
    /// `base.member`: `Route.profile`, `route.coordinatorName`, `Route.allCases`.
    case member(ValueExpression, String)
    /// Each element of a sequence: the variable of `for x in s` or `s.forEach { x in }`.
    case element(ValueExpression)
    /// `["a", "b"]`.
    case array([ValueExpression])
    case unknown

    /// The most nested expressions and parts the scanner keeps; beyond them, `unknown`.
    public static let maximumDepth = 12
    public static let maximumParts = 32
}

/// A declaration a DI name may be computed from: an enum's cases, or a property whose value
/// is a string expression (a constant, a computed property, one defined by `switch self`).
public struct ValueFact: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// An enum: `branches` are its cases, each with its raw value when it has one.
        case enumeration
        /// A property: `value`, or `branches` when its body switches over `self`.
        case property
    }

    /// One case of an enum, or one `case .a, .b: return value` of a `switch self`.
    public struct Branch: Hashable, Sendable, Codable {
        /// The cases it covers; empty for `default:`.
        public var cases: [String]
        public var value: ValueExpression?

        public init(cases: [String], value: ValueExpression?) {
            self.cases = cases
            self.value = value
        }
    }

    public var kind: Kind
    public var name: String
    /// The type or extended type it is declared in; nil at the top level.
    public var owner: String?
    public var value: ValueExpression?
    public var branches: [Branch]
    public var line: Int

    public init(kind: Kind, name: String, owner: String?, value: ValueExpression? = nil, branches: [Branch] = [], line: Int) {
        self.kind = kind
        self.name = name
        self.owner = owner
        self.value = value
        self.branches = branches
        self.line = line
    }
}
