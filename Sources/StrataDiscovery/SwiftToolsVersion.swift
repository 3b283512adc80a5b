import StrataModel
import StrataSourceTree

/// A manifest's `// swift-tools-version:` and the manifest SwiftPM picks for the toolchain
/// Strata models (Swift 6.3), whatever toolchain runs Strata.
public struct SwiftToolsVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var major: Int, minor: Int, patch: Int

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        (self.major, self.minor, self.patch) = (major, minor, patch)
    }

    /// `6.0`, `5.9.2`; nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        self.init(parts[0]!, parts.count > 1 ? parts[1]! : 0, parts.count > 2 ? parts[2]! : 0)
    }

    /// The version of the compiler and package manager Strata reads manifests and sources for.
    public static let current = SwiftToolsVersion(6, 3)

    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// The tools version a manifest's first line declares (`// swift-tools-version:5.9`,
    /// `// swift-tools-version: 6.0`, any case); nil when it declares none.
    public static func declared(in source: [UInt8]) -> SwiftToolsVersion? {
        let firstLine = String(decoding: source.prefix { $0 != 10 }.prefix(200), as: UTF8.self).lowercased()
        guard let range = firstLine.range(of: "swift-tools-version:") else { return nil }
        let rest = firstLine[range.upperBound...].drop { $0 == " " || $0 == "\t" }
        return SwiftToolsVersion(rest.prefix { $0.isNumber || $0 == "." })
    }

    /// The language mode a target gets when neither it nor its package names one: 6 from
    /// tools version 6.0 on, else the tools version's own major (4.2 for 4.2).
    public var defaultLanguageMode: String {
        if major >= 6 { return "6" }
        if major == 4, minor >= 2 { return "4.2" }
        return String(major)
    }

    /// `Package@swift-5.9.swift` -> 5.9; nil for any other file name.
    public static func ofVersionSpecificManifest(_ path: String) -> SwiftToolsVersion? {
        let name = RepositoryPath.name(of: path)
        guard name.hasPrefix("Package@swift-"), name.hasSuffix(".swift") else { return nil }
        return SwiftToolsVersion(name.dropFirst("Package@swift-".count).dropLast(".swift".count))
    }

    /// The manifest SwiftPM reads for the package whose `Package.swift` is `path`: a
    /// version-specific manifest beside it named for the current version (`6.3.0`, `6.3`, `6`,
    /// in that order); else the one with the highest version not above the current one, when
    /// its own tools version is newer than `Package.swift`'s, or `Package.swift` needs newer
    /// tools than the current ones; else `Package.swift`.
    public static func chosenManifest(for path: String, files: [String], toolsVersion: (String) -> SwiftToolsVersion?) -> String {
        let folder = RepositoryPath.folder(of: path)
        let prefix = folder.isEmpty ? "Package@swift-" : folder + "/Package@swift-"
        let candidates = files.sortedRun(withPrefix: prefix).compactMap { file -> (version: SwiftToolsVersion, path: String)? in
            guard RepositoryPath.folder(of: file) == folder, let version = ofVersionSpecificManifest(file) else { return nil }
            return (version, file)
        }
        guard !candidates.isEmpty else { return path }
        let current = Self.current
        for exact in ["\(current.major).\(current.minor).\(current.patch)", "\(current.major).\(current.minor)", "\(current.major)"] {
            if let match = candidates.first(where: { RepositoryPath.name(of: $0.path) == "Package@swift-\(exact).swift" }) { return match.path }
        }
        guard let best = candidates.filter({ $0.version <= current }).max(by: { $0.version < $1.version }) else { return path }
        let regular = toolsVersion(path) ?? SwiftToolsVersion(3, 1)
        let specific = toolsVersion(best.path) ?? best.version
        // A `Package.swift` for newer tools than the current ones cannot be read by them.
        return specific > regular || regular > current ? best.path : path
    }
}
