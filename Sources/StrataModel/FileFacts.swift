/// Access levels, from most to least visible.
public enum AccessLevel: String, Codable, Sendable, CaseIterable, Comparable {
    case `open`, `public`, `package`, `internal`, `fileprivate`, `private`

    private var rank: Int { AccessLevel.allCases.firstIndex(of: self)! }
    /// `a < b` when `a` is more visible than `b`.
    public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rank < rhs.rank }
}

/// The declaration kinds Strata counts. Types (protocol to actor) make up abstractness.
public enum DeclarationKind: String, Codable, Sendable, CaseIterable {
    case `protocol`, `class`, `struct`, `enum`, actor, `func`, `var`, `typealias`, `extension`

    /// Kinds that count as type declarations for abstractness (A = protocols / types).
    public var isType: Bool {
        switch self {
        case .protocol, .class, .struct, .enum, .actor: true
        default: false
        }
    }
}

/// One `import` statement, as written.
public struct ImportFact: Hashable, Sendable, Codable {
    /// The imported module: the first path component (`Foundation` in `import Foundation.NSData`).
    public var module: String
    public var line: Int
    /// Attributes as written, sorted: `@testable`, `@_exported`, `@_spi(Internal)`, ...
    public var attributes: [String]
    /// `public import`, `package import`, `internal import`, ...
    public var accessLevel: AccessLevel?
    /// `struct` in `import struct Entities.Month`.
    public var declarationKind: String?
    /// `Month` in `import struct Entities.Month` (the rest of the path).
    public var symbol: String?
    /// The `#if` condition around the import, when there is one (nested ones joined by `&&`).
    public var condition: String?

    public init(
        module: String, line: Int, attributes: [String] = [], accessLevel: AccessLevel? = nil,
        declarationKind: String? = nil, symbol: String? = nil, condition: String? = nil
    ) {
        self.module = module
        self.line = line
        self.attributes = attributes
        self.accessLevel = accessLevel
        self.declarationKind = declarationKind
        self.symbol = symbol
        self.condition = condition
    }
}

/// One declaration with its effective access level.
public struct DeclarationFact: Hashable, Sendable, Codable {
    public var kind: DeclarationKind
    public var name: String
    public var access: AccessLevel
    public var line: Int

    public init(kind: DeclarationKind, name: String, access: AccessLevel, line: Int) {
        self.kind = kind
        self.name = name
        self.access = access
        self.line = line
    }
}

/// What scanning learns from one file. A pure function of the file's bytes, so it is
/// cached by content hash.
public struct FileFacts: Hashable, Sendable, Codable {
    public var lines: Int
    public var imports: [ImportFact]
    public var declarations: [DeclarationFact]
    /// Problems with the file itself (not UTF-8, syntax errors); reported as warnings.
    public var problems: [String]

    public init(lines: Int, imports: [ImportFact], declarations: [DeclarationFact], problems: [String] = []) {
        self.lines = lines
        self.imports = imports
        self.declarations = declarations
        self.problems = problems
    }

    public static let empty = FileFacts(lines: 0, imports: [], declarations: [])
}
