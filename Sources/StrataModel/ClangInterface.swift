/// Where a C, Objective-C or mixed module's public headers are, as its manifest places them:
/// what Swift reads of the module when a file imports it.
public struct PublicHeaders: Hashable, Sendable, Codable {
    /// The headers Swift reads first, relative to the root, sorted: a SwiftPM target's umbrella
    /// header or every header of its include folder, a Bazel rule's `hdrs`, a pod's public headers.
    public var headers: [String]
    /// A module map that decides them instead (a SwiftPM target's own `module.modulemap`).
    public var moduleMap: String?
    /// Folders `#include` and `#import` look in, relative to the root, in order.
    public var searchPaths: [String]

    public init(headers: [String], moduleMap: String? = nil, searchPaths: [String]) {
        self.headers = headers
        self.moduleMap = moduleMap
        self.searchPaths = searchPaths
    }
}

extension PublicHeaders {
    /// Header files, C and Objective-C (`h`) and C++ (`hh`, `hpp`, `hxx`).
    public static let headerExtensions: Set<Substring> = ["h", "hh", "hpp", "hxx"]
    /// A Clang module map's file name.
    public static let moduleMapName = "module.modulemap"

    /// A path's extension: what follows the last dot of its file name; empty without one.
    public static func fileExtension(_ path: String) -> Substring {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "" }
        return path[path.index(after: dot)...]
    }

    /// Whether a path is a header.
    public static func isHeader(_ path: String) -> Bool { headerExtensions.contains(fileExtension(path)) }
}

/// What Swift sees of a C, Objective-C or mixed module through its public headers, as the
/// header reader found it.
public struct ClangInterface: Hashable, Sendable {
    /// A name a file could spell.
    public struct Name: Hashable, Sendable, Comparable {
        public var name: String
        /// As an edge symbol names it: `type`, `func`, `var`, `member`, or `extension` (a class
        /// the headers give initializers or subscripts, which a file uses without naming them).
        public var kind: String

        public init(_ name: String, kind: String) {
            self.name = name
            self.kind = kind
        }

        /// Found through a value of a type, not by its name alone: a member, or what a class
        /// gains from the headers (`extension`).
        public var isMember: Bool { kind == "member" || kind == "extension" }

        public static func < (lhs: Name, rhs: Name) -> Bool { (lhs.name, lhs.kind) < (rhs.name, rhs.kind) }
    }

    /// Sorted, each once.
    public var names: [Name]
    /// Modules of the repository (by import name) whose headers its headers include or
    /// `@import`, which Swift sees through it (the module map's `export *`), sorted.
    public var reexports: [String]
    /// Modules outside the repository its headers re-export (`Foundation`, `UIKit`; `libc` for
    /// the C library's headers), sorted.
    public var outside: [String]
    /// Why there may be more names than these (C++, a macro at the top level, a header
    /// included but absent), each `file:line: reason`, sorted; empty when read with certainty.
    public var uncertainties: [String]
    /// The headers read.
    public var headers: Int

    public init(names: [Name], reexports: [String] = [], outside: [String] = [], uncertainties: [String] = [], headers: Int) {
        self.names = names
        self.reexports = reexports
        self.outside = outside
        self.uncertainties = uncertainties
        self.headers = headers
    }

    /// Read with certainty: the names are all there are.
    public var isCertain: Bool { uncertainties.isEmpty }

    /// What `strata.json` says of it.
    public var summary: HeaderSummary {
        HeaderSummary(
            headers: headers, names: names.count, reexports: reexports + outside,
            uncertain: uncertainties.isEmpty ? nil : Array(uncertainties.prefix(HeaderSummary.uncertaintiesKept)),
            moreUncertain: uncertainties.count > HeaderSummary.uncertaintiesKept ? uncertainties.count - HeaderSummary.uncertaintiesKept : nil)
    }
}

/// A module's public headers as read (`modules[].headers` in `strata.json`).
public struct HeaderSummary: Hashable, Sendable, Codable {
    /// Headers read.
    public var headers: Int
    /// Names declared that a Swift file could spell.
    public var names: Int
    /// Modules its headers re-export, sorted (those of the repository first).
    public var reexports: [String]
    /// Why its names may be more than those read, the first few (`file:line: reason`); nil
    /// when read with certainty.
    public var uncertain: [String]?
    /// How many more reasons there are; nil for none.
    public var moreUncertain: Int?

    public static let uncertaintiesKept = 5

    public init(headers: Int, names: Int, reexports: [String], uncertain: [String]?, moreUncertain: Int? = nil) {
        self.headers = headers
        self.names = names
        self.reexports = reexports
        self.uncertain = uncertain
        self.moreUncertain = moreUncertain
    }
}
