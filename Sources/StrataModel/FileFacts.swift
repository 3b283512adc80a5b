/// Access levels, from most to least visible.
public enum AccessLevel: String, Codable, Sendable, CaseIterable, Comparable {
    case `open`, `public`, `package`, `internal`, `fileprivate`, `private`

    private var rank: Int { AccessLevel.allCases.firstIndex(of: self)! }
    /// `a < b` when `a` is more visible than `b`.
    public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rank < rhs.rank }
}

/// The declaration kinds Strata counts. Types (protocol to actor) make up abstractness.
public enum DeclarationKind: String, Codable, Sendable, CaseIterable {
    case `protocol`, `class`, `struct`, `enum`, actor, `func`, `var`, `typealias`, `extension`, macro

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

/// What a declaration's attributes and modifiers say about how it is used.
public struct DeclarationTraits: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `@objc`, `@objcMembers` (on the type), `@IBAction`, `@IBOutlet`, `@IBInspectable`,
    /// `@NSManaged`, `dynamic`: reachable from the Objective-C runtime, Interface Builder or
    /// selectors, where no Swift identifier names it.
    public static let objc = DeclarationTraits(rawValue: 1 << 0)
    /// `@main`, `@UIApplicationMain`, `@NSApplicationMain`: the program's entry point.
    public static let entryPoint = DeclarationTraits(rawValue: 1 << 1)
    /// `override`: the name belongs to the superclass.
    public static let override = DeclarationTraits(rawValue: 1 << 2)
    /// `static` or `class`: a type member.
    public static let `static` = DeclarationTraits(rawValue: 1 << 3)
    /// `final` (a class that cannot be subclassed), or a member of a final class.
    public static let final = DeclarationTraits(rawValue: 1 << 4)
    /// A stored instance property (no getter of its own; `willSet`/`didSet` allowed).
    public static let stored = DeclarationTraits(rawValue: 1 << 5)
    /// A struct or class whose stored instance properties are all of function type, at least
    /// one: an interface in the dependency-client style (`@DependencyClient struct AudioClient
    /// { var play: @Sendable (Sound) async -> Void }`), counted as abstract.
    public static let interface = DeclarationTraits(rawValue: 1 << 6)
    /// An extension adding members a file uses without spelling their names: an initializer or
    /// a subscript (`URL(api:)`, `json["key"]`).
    public static let unnamedMembers = DeclarationTraits(rawValue: 1 << 7)
}

/// One declaration with its effective access level.
public struct DeclarationFact: Hashable, Sendable, Codable {
    public var kind: DeclarationKind
    public var name: String
    public var access: AccessLevel
    public var line: Int
    /// The type or extended type it is declared in; nil at the top level.
    public var parent: String?
    /// A type's or extension's inheritance clause as written (`UIViewController`,
    /// `DependencyKey`); empty for other kinds.
    public var inherits: [String]
    public var traits: DeclarationTraits
    /// What it stands for, when short and written out: a typealias's type, a `static let`'s
    /// initializer. DI keys are often spelled this way (`static let injectId = ...`).
    public var value: String?
    /// The symbol index's type of it, as written: a stored property's (or a Factory property's)
    /// declared type, else the type its initializer constructs (`X(...)`, `X.shared`,
    /// `[K: V]()`); a generic function's signature
    /// (`(_ path: KeyPath<Container, Factory<T>>) -> T`). Nil when not written or too long.
    public var type: String?
    /// The qualified name of what it is declared in, when that is more than `parent`: `A.B` for
    /// a member of `B` nested in `A` (`parent` is `B`). Nil when it is `parent`.
    public var path: String?
    /// The names its written type mentions, each once, for the symbol index: a function's
    /// parameter and result types, a property's declared type (else every name of its
    /// initializer, `makeClient` in `let client = makeClient()`), a typealias's type; on a type
    /// or extension, what its initializers and subscripts take and give and its enum cases
    /// carry. What values of which types a file can reach through this declaration (import
    /// grading's members by reachability). Kept for declarations other files can see only;
    /// `mentionsAnything` ends a list cut at `mentionsKept` names.
    public var mentions: [String] = []

    public static let mentionsKept = 24
    public static let mentionsAnything = "*"

    /// Where it is declared, qualified: `A.B` inside `enum A { enum B { ... } }` and in
    /// `extension A.B`; nil at the top level.
    public var scope: String? { path ?? parent }
    /// Its own qualified name: `A.B.name`.
    public var qualifiedName: String { scope.map { "\($0).\(name)" } ?? name }

    /// `default` for `` `default` ``: a name as other code spells it. Declarations keep the
    /// backticks they are written with; references do not have them.
    public static func plainName(_ name: String) -> String {
        guard name.utf8.first == UInt8(ascii: "`"), name.utf8.count >= 2, name.utf8.last == UInt8(ascii: "`") else { return name }
        return String(name.dropFirst().dropLast())
    }

    /// `Foo` in `Outer.Foo`, `Foo<Int>` or `` `Foo` ``: how a type is spelled where it is used,
    /// and as its own declaration names it.
    public static func simpleName(_ written: String) -> String {
        // Most names are plain, and looked at by the thousand: their bytes read from memory.
        let special = { (byte: UInt8) in byte == UInt8(ascii: "<") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "`") }
        if !(written.utf8.withContiguousStorageIfAvailable { $0.contains(where: special) } ?? written.utf8.contains(where: special)) {
            return written
        }
        var name = Substring(written)
        if let angle = name.firstIndex(of: "<") { name = name[..<angle] }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return plainName(String(name))
    }

    public init(
        kind: DeclarationKind, name: String, access: AccessLevel, line: Int, parent: String? = nil,
        inherits: [String] = [], traits: DeclarationTraits = [], value: String? = nil, type: String? = nil, path: String? = nil,
        mentions: [String] = []
    ) {
        self.kind = kind
        self.name = name
        self.access = access
        self.line = line
        self.parent = parent
        self.inherits = inherits
        self.traits = traits
        self.value = value
        self.type = type
        self.path = path
        self.mentions = mentions
    }
}

/// `// strata:ignore <rule>[,<rule>...] <reason>`: a finding of those rules whose every site is
/// on `line` is listed as suppressed instead of reported. A comment on its own line covers the
/// next line of code; one at the end of a line covers that line.
public struct Suppression: Hashable, Sendable, Codable {
    /// The line of code the comment covers.
    public var line: Int
    /// The line of the comment itself.
    public var commentLine: Int
    /// Rule ids as written; analysis checks them.
    public var rules: [String]
    public var reason: String

    public init(line: Int, commentLine: Int, rules: [String], reason: String) {
        self.line = line
        self.commentLine = commentLine
        self.rules = rules
        self.reason = reason
    }
}

/// What scanning learns from one file. A pure function of the file's bytes, so it is
/// cached by content hash.
///
/// Its fields live in one shared box, copied on the first change (as an array's elements
/// are): the stages hand a file's facts on from store to scan to model many times, and a
/// copy of nine arrays was nine reference counts each time (a tenth of a warm session's edit
/// on 9,000 files).
public struct FileFacts: Hashable, Sendable, Codable, CustomDebugStringConvertible {
    public var lines: Int {
        get { box.fields.lines }
        _modify { yield &unique().fields.lines }
    }
    public var imports: [ImportFact] {
        get { box.fields.imports }
        _modify { yield &unique().fields.imports }
    }
    public var declarations: [DeclarationFact] {
        get { box.fields.declarations }
        _modify { yield &unique().fields.declarations }
    }
    /// Every identifier and operator the file spells outside its comments and strings, sorted
    /// and unique: what access-control analysis counts as a reference from this file, and what
    /// an import is graded by.
    public var references: [String] {
        get { box.fields.references }
        _modify { yield &unique().fields.references }
    }
    /// For each of `references`, how often the file spells it ...
    public var referenceCounts: [UInt32] {
        get { box.fields.referenceCounts }
        _modify { yield &unique().fields.referenceCounts }
    }
    /// ... and the line where it first does (empty when not recorded).
    public var referenceLines: [UInt32] {
        get { box.fields.referenceLines }
        _modify { yield &unique().fields.referenceLines }
    }
    /// Dependency-injection syntax: registrations and resolutions, as written.
    public var injections: [InjectionFact] {
        get { box.fields.injections }
        _modify { yield &unique().fields.injections }
    }
    /// Problems with the file itself (not UTF-8, syntax errors); reported as warnings.
    public var problems: [FileProblem] {
        get { box.fields.problems }
        _modify { yield &unique().fields.problems }
    }
    /// `// strata:ignore` comments, by line.
    public var suppressions: [Suppression] {
        get { box.fields.suppressions }
        _modify { yield &unique().fields.suppressions }
    }
    /// Enums and string-valued properties DI names may be computed from.
    public var values: [ValueFact] {
        get { box.fields.values }
        _modify { yield &unique().fields.values }
    }

    public init(
        lines: Int, imports: [ImportFact], declarations: [DeclarationFact], references: [String] = [],
        injections: [InjectionFact] = [], problems: [FileProblem] = [], suppressions: [Suppression] = [],
        values: [ValueFact] = []
    ) {
        box = Box(Fields(
            lines: lines, imports: imports, declarations: declarations, references: references, injections: injections,
            problems: problems, suppressions: suppressions, values: values))
    }

    /// The fields as they were a plain struct's, equal, hashed and coded as that struct was.
    private struct Fields: Hashable, Codable {
        var lines: Int
        var imports: [ImportFact]
        var declarations: [DeclarationFact]
        var references: [String]
        var referenceCounts: [UInt32] = []
        var referenceLines: [UInt32] = []
        var injections: [InjectionFact]
        var problems: [FileProblem]
        var suppressions: [Suppression]
        var values: [ValueFact]
    }

    /// The fields, shared by copies; never changed while shared (`unique()`), so sendable.
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// The box, made this value's own first when another value shares it.
    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    public static func == (left: FileFacts, right: FileFacts) -> Bool { left.box === right.box || left.box.fields == right.box.fields }
    public func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }
    public init(from decoder: any Decoder) throws { box = Box(try Fields(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try box.fields.encode(to: encoder) }
    /// The fields, as a plain struct's would show (test failures print it).
    public var debugDescription: String { "FileFacts" + String(describing: box.fields).drop { $0 != "(" } }

    public static let empty = FileFacts(lines: 0, imports: [], declarations: [])

    /// The index of a name in `references` (sorted), by binary search.
    public func referenceIndex(of name: String) -> Int? {
        var low = 0, high = references.count
        while low < high {
            let middle = (low + high) / 2
            if references[middle] < name { low = middle + 1 } else { high = middle }
        }
        return low < references.count && references[low] == name ? low : nil
    }
}

/// A problem with a file, at the line where it starts when it has one.
public struct FileProblem: Hashable, Sendable, Codable {
    public var line: Int?
    public var message: String

    public init(line: Int? = nil, _ message: String) {
        self.line = line
        self.message = message
    }
}
