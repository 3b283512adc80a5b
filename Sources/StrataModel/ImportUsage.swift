/// How a file uses one of its imports, from the symbol index (no build): whether it names
/// anything the imported module declares or extends.
public struct GradedImport: Hashable, Sendable, Codable, Comparable {
    public enum Grade: String, Hashable, Sendable, Codable, CaseIterable {
        /// The file names something the module declares or extends.
        case used
        /// The file names nothing the module declares or extends, its sources are here, and
        /// the import re-exports nothing: it can go.
        case unused
        /// Not claimed either way: the only names matched are members another module the file
        /// sees declares too (the file may use them through that module, or through this one),
        /// or the module may give the file what it does not name (a `callAsFunction`, a
        /// conformance a generic call needs, headers not all read).
        case probablyUnused = "probably-unused"
        /// The module's sources are not here (an Apple SDK, a package not checked out, a
        /// binary framework): never claimed either way.
        case unknown
        /// `@_exported import`: the module's API is this module's too.
        case exported
    }

    /// The importing module.
    public var module: String
    /// The imported module, as the import names it.
    public var imported: String
    public var grade: Grade
    /// The import statement.
    public var evidence: Location
    /// What the file names of the imported module: for `probably-unused`, the member names
    /// another visible module declares too.
    public var uses: [String]
    /// How many names the imported module declares that a file could name, and the first few
    /// (sorted): what was looked for.
    public var declares: Int
    public var examples: [String]
    /// The import of the file that gives all this one does (the same module again, or one
    /// re-exporting it), when that is why it can go.
    public var coveredBy: String?
    /// True for an import graded at most `probably-unused` for its module's C or Objective-C
    /// headers: not found, not all read with certainty, or re-exporting a module from outside
    /// the repository that the file may use through it (`headersNote` says which).
    public var clangHeaders: Bool?
    /// Why the headers keep the import: "its headers were not found", "not all of its headers
    /// could be read (C++ at Sources/C/include/c.h:3)", "its headers re-export Foundation".
    public var headersNote: String?
    /// For an import graded `probably-unused` for a conformance its module adds of another
    /// module's type to another module's protocol (`Bool: Identifiable`), which a generic call
    /// may need without the file naming either.
    public var conformance: String?

    public init(
        module: String, imported: String, grade: Grade, evidence: Location, uses: [String] = [], declares: Int = 0,
        examples: [String] = [], coveredBy: String? = nil, clangHeaders: Bool? = nil, headersNote: String? = nil,
        conformance: String? = nil
    ) {
        self.conformance = conformance
        self.coveredBy = coveredBy
        self.clangHeaders = clangHeaders
        self.headersNote = headersNote
        self.module = module
        self.imported = imported
        self.grade = grade
        self.evidence = evidence
        self.uses = uses
        self.declares = declares
        self.examples = examples
    }

    public static func < (lhs: GradedImport, rhs: GradedImport) -> Bool {
        lhs.evidence != rhs.evidence ? lhs.evidence < rhs.evidence : lhs.imported < rhs.imported
    }

    /// "uses nothing from NetworkKit (it declares HTTPClient, Endpoint, … 14 names)".
    public var explanation: String {
        let listed = examples.joined(separator: ", ") + (declares > examples.count ? ", …" : "")
        let names = "\(declares) name\(declares == 1 ? "" : "s")"
        // A duplicate: the file imports the same module twice.
        let covering = coveredBy == imported ? "its other import of \(imported)" : "its import of \(coveredBy ?? "another module")"
        switch grade {
        case .unused where coveredBy != nil || !uses.isEmpty:
            let used = uses.isEmpty ? "nothing" : "only " + uses.prefix(5).joined(separator: ", ")
            return "uses \(used) from \(imported), which \(covering) gives too"
        case .probablyUnused where clangHeaders == true && headersNote == nil:
            return "uses nothing of \(imported)'s Swift declarations (\(listed) \(names)), but \(imported) has C or Objective-C "
                + "sources too, whose public headers were not found: the file may use a name they declare"
        case .probablyUnused where clangHeaders == true:
            return "uses nothing of what \(imported) declares (\(listed) \(names)), but \(headersNote ?? ""): "
                + "the file may use \(imported) for a name not read"
        case .probablyUnused where conformance != nil:
            return "uses nothing \(imported) declares (\(listed) \(names)), but \(imported) adds the conformance \(conformance ?? ""), "
                + "which a generic call may need without the file naming either"
        case .probablyUnused where coveredBy != nil:
            return "uses only \(uses.prefix(5).joined(separator: ", ")) from \(imported), which \(covering) gives too, "
                + "unless `@testable` opens an initializer the file calls without naming it"
        case .unused:
            return declares == 0
                ? "uses nothing from \(imported) (it declares no name a file could use)"
                : "uses nothing from \(imported) (it declares \(listed) \(names))"
        case .probablyUnused:
            return "uses only members of \(imported) (\(uses.prefix(5).joined(separator: ", "))) that another module it sees "
                + "declares too: whether they are \(imported)'s is not known"
        case .used, .unknown, .exported:
            return "uses \(uses.prefix(5).joined(separator: ", ")) from \(imported)"
        }
    }
}

/// A symbol of B that A uses, behind the import edge A→B.
public struct EdgeSymbol: Hashable, Sendable, Codable {
    /// `type`, `func`, `var`, `member`, `operator`, `macro`, `conformance` (a type B extends with
    /// a conformance) or `extension` (a type B extends otherwise): the file may need those
    /// without naming what they add.
    public var kind: String
    public var name: String
    /// How often A's files importing B spell it.
    public var count: Int
    /// Where it is first spelled.
    public var evidence: Location

    public init(kind: String, name: String, count: Int, evidence: Location) {
        self.kind = kind
        self.name = name
        self.count = count
        self.evidence = evidence
    }

    /// "X (12 sites), Y (3), and 4 more": how `why`, `diff` and the report name what an edge is for.
    /// - Parameter more: symbols beyond `symbols` that were not kept (`ImportEdge.moreSymbols`).
    public static func list(_ symbols: [EdgeSymbol], limit: Int, more: Int? = nil, escape: (String) -> String = { $0 }) -> String {
        let shown = symbols.prefix(limit).enumerated().map { index, symbol in
            "\(escape(symbol.name)) (\(symbol.count)\(index == 0 ? (symbol.count == 1 ? " site" : " sites") : ""))"
        }
        let rest = max(0, symbols.count - limit) + (more ?? 0)
        return shown.joined(separator: ", ") + (rest > 0 ? ", and \(rest) more" : "")
    }
}

/// Every import graded (`imports` keeps the ones that can go or probably can; the rest are
/// counted), and why each declared dependency no import uses is still needed. The symbols
/// behind each import edge are on the edge (`ImportEdge.symbols`).
public struct ImportReport: Hashable, Sendable, Codable {
    /// `unused` and `probably-unused` imports, by place.
    public var imports: [GradedImport]
    /// Imports by grade, every one counted.
    public var counts: [String: Int]
    /// Declared dependencies no file imports that are needed all the same, with the reason.
    public var needed: [NeededDependency]
    /// The `unknown` imports by why their module's sources are not here (`UnknownReason`'s
    /// raw values; every one counted).
    public var unknown: [String: Int]?

    /// Why an import is graded `unknown`.
    public enum UnknownReason: String, Hashable, Sendable, Codable, CaseIterable {
        /// An Apple SDK or toolchain module (Foundation, UIKit, XCTest).
        case sdk
        /// A module of a package, pod or project the repository depends on, not checked out.
        case notCheckedOut = "not-checked-out"
        /// A prebuilt binary: an XCFramework, a binary target, a framework without sources.
        case binary
        /// A module of the repository without Swift sources and without public headers found: C,
        /// Objective-C or resources only.
        case withoutSwift = "without-swift"
        /// A module of the repository that re-exports one of these.
        case reexports
        /// A name no manifest declares nor depends on.
        case notFound = "not-found"
    }

    public init(imports: [GradedImport] = [], counts: [String: Int] = [:], needed: [NeededDependency] = [], unknown: [String: Int] = [:]) {
        self.imports = imports
        self.counts = counts
        self.needed = needed
        self.unknown = unknown.isEmpty ? nil : unknown
    }

    /// "54 of 120 imports (45%) not graded: 40 of an SDK, 14 of packages not checked out"; nil
    /// when every import was graded.
    public var unknownSummary: String? {
        let total = counts.values.reduce(0, +), count = counts[GradedImport.Grade.unknown.rawValue] ?? 0
        guard count > 0 else { return nil }
        let words: [UnknownReason: String] = [
            .sdk: "of an SDK", .notCheckedOut: "of packages not checked out", .binary: "of binary frameworks",
            .withoutSwift: "of modules without Swift sources (C, Objective-C)", .reexports: "of modules re-exporting those",
            .notFound: "of modules no manifest names",
        ]
        let reasons = UnknownReason.allCases.compactMap { reason in unknown?[reason.rawValue].map { "\($0) \(words[reason] ?? "")" } }
        let share = Int((Double(count) * 100 / Double(max(total, 1))).rounded())
        return "\(count) of \(total) imports (\(share)%) not graded, their sources not here" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: ", "))
    }

    public static let empty = ImportReport()
}

/// A declared dependency needed without an import.
public struct NeededDependency: Hashable, Sendable, Codable, Comparable {
    public enum Reason: String, Hashable, Sendable, Codable {
        /// The dependency declares nothing: a marker checked with `canImport`.
        case marker
        /// A test target's host app, which runs it.
        case hostApp = "host-app"
        /// An app's embedded extension, watch app or app clip.
        case embedded
        /// A bundle that only holds resources.
        case resources
        /// A macro target, used through its expansions.
        case macro
        /// Reached through an `@_exported import` of a module the file imports.
        case exported
        /// A C target, linked and used through its headers.
        case headers
    }

    public var module: String
    public var dependency: String
    public var reason: Reason
    public var evidence: Location

    public init(module: String, dependency: String, reason: Reason, evidence: Location) {
        self.module = module
        self.dependency = dependency
        self.reason = reason
        self.evidence = evidence
    }

    public static func < (lhs: NeededDependency, rhs: NeededDependency) -> Bool {
        (lhs.module, lhs.dependency) < (rhs.module, rhs.dependency)
    }
}
