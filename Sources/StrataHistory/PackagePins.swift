import Foundation

/// A package a commit depends on: a `.package(url:)` of a `Package.swift`, a pin of
/// `Package.resolved`, or a pod of `Podfile.lock`, merged by identity.
public struct PackageRow: Hashable, Sendable, Codable {
    /// `swiftpm` or `cocoapods`.
    public var kind: String
    /// SwiftPM's identity (the URL's last component, lowercased, without `.git`) or the pod's name.
    public var name: String
    public var url: String?
    /// What the manifest asks for (`from: 1.2.0`, `exact: 1.2.0`, `branch: main`), when it says.
    public var requirement: String?
    /// The pinned version, and revision where the lock file has one.
    public var version: String?
    public var revision: String?

    public init(kind: String, name: String, url: String?, requirement: String?, version: String?, revision: String?) {
        self.kind = kind
        self.name = name
        self.url = url
        self.requirement = requirement
        self.version = version
        self.revision = revision
    }
}

/// Reads the packages of one commit's files; pure functions of their text.
public enum PackagePins {
    /// The files that name packages: every `Package.swift`, `Package.resolved` and `Podfile.lock`.
    public static func isPackageFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == "Package.swift" || name == "Package.resolved" || name == "Podfile.lock"
    }

    /// The rows of these files (path and text), sorted by kind and name.
    public static func rows(_ files: [(path: String, text: String)]) -> [PackageRow] {
        struct Key: Hashable { var kind: String, name: String }
        var rows: [Key: PackageRow] = [:]
        func merge(_ row: PackageRow) {
            let key = Key(kind: row.kind, name: row.name)
            guard var existing = rows[key] else { rows[key] = row; return }
            existing.url = existing.url ?? row.url
            existing.requirement = existing.requirement ?? row.requirement
            existing.version = existing.version ?? row.version
            existing.revision = existing.revision ?? row.revision
            rows[key] = existing
        }
        // Lock files first: a pin is what is built; the manifest adds what it asks for.
        for file in files.sorted(by: { $0.path < $1.path }) {
            if file.path.hasSuffix("Package.resolved") { resolved(file.text).forEach(merge) }
            if file.path.hasSuffix("Podfile.lock") { podfileLock(file.text).forEach(merge) }
        }
        for file in files.sorted(by: { $0.path < $1.path }) where file.path.hasSuffix("Package.swift") {
            manifest(file.text).forEach(merge)
        }
        return rows.values.sorted { ($0.kind, $0.name) < ($1.kind, $1.name) }
    }

    /// SwiftPM's identity of a package URL: its last path component, lowercased, without `.git`.
    public static func identity(_ url: String) -> String {
        var last = url.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? url
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }

    /// A URL compared without scheme, user, `.git`, trailing slash or case:
    /// `git@example.com:org/Core.git` and `https://example.com/org/core` are one repository.
    public static func normalized(_ url: String) -> String {
        var text = url.trimmingCharacters(in: .whitespaces).lowercased()
        if let scheme = text.range(of: "://") { text = String(text[scheme.upperBound...]) }
        if let at = text.firstIndex(of: "@"), !text[..<at].contains("/") { text = String(text[text.index(after: at)...]) }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") {
            let after = text[text.index(after: colon)...]
            // host:port/path keeps the path; host:path (scp style) becomes host/path.
            let port = after.prefix { $0.isNumber }
            text = String(text[..<colon]) + "/" + (port.isEmpty ? after : after.dropFirst(port.count).drop { $0 == "/" })
        }
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        return text
    }

    /// `Package.resolved`, versions 1 (`object.pins`, `repositoryURL`) to 3 (`pins`, `location`).
    static func resolved(_ text: String) -> [PackageRow] {
        guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return [] }
        let pins = (json["pins"] as? [[String: Any]]) ?? ((json["object"] as? [String: Any])?["pins"] as? [[String: Any]]) ?? []
        return pins.compactMap { pin in
            guard let url = (pin["location"] as? String) ?? (pin["repositoryURL"] as? String) else { return nil }
            let state = pin["state"] as? [String: Any] ?? [:]
            let name = (pin["identity"] as? String)?.lowercased() ?? identity(url)
            return PackageRow(
                kind: "swiftpm", name: name, url: url, requirement: nil,
                version: (state["version"] as? String) ?? (state["branch"] as? String), revision: state["revision"] as? String)
        }
    }

    /// `.package(url: "…", from: "1.2.0")` and its spellings (`exact:`, `.upToNextMajor(from:)`,
    /// `branch:`, `revision:`, a range), read from the manifest's text, never run.
    static func manifest(_ text: String) -> [PackageRow] {
        var rows: [PackageRow] = []
        var rest = text[...]
        while let start = rest.range(of: ".package(") {
            // The call's text up to its closing parenthesis (strings may hold parentheses).
            var depth = 1, inString = false, index = start.upperBound
            while index < rest.endIndex, depth > 0 {
                let character = rest[index]
                if character == "\"" { inString.toggle() }
                if !inString { depth += character == "(" ? 1 : character == ")" ? -1 : 0 }
                index = rest.index(after: index)
            }
            let call = String(rest[start.upperBound..<rest.index(before: index)])
            rest = rest[index...]
            guard let url = firstString(after: "url:", in: call) else { continue }
            var requirement: String?
            for label in [".upToNextMinor(from:", ".upToNextMajor(from:", "from:", "exact:", "branch:", "revision:"] {
                if let value = firstString(after: label, in: call) {
                    requirement = label.hasPrefix(".") ? "\(label) \(value))" : "\(label) \(value)"
                    break
                }
            }
            if requirement == nil, let comma = call.range(of: ",", range: (call.range(of: url)?.upperBound ?? call.startIndex)..<call.endIndex) {
                let tail = call[comma.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
                if !tail.isEmpty { requirement = tail.replacingOccurrences(of: "\"", with: "") }
            }
            rows.append(PackageRow(kind: "swiftpm", name: identity(url), url: url, requirement: requirement, version: nil, revision: nil))
        }
        return rows
    }

    private static func firstString(after label: String, in text: String) -> String? {
        guard let found = text.range(of: label) else { return nil }
        let after = text[found.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "(" }
        guard after.first == "\"" else { return nil }
        let body = after.dropFirst().prefix { $0 != "\"" }
        return String(body)
    }

    /// `Podfile.lock`: the top-level entries of `PODS:` (`  - Name (1.2.3)`, subspecs folded into
    /// their pod) and the `:git` of `EXTERNAL SOURCES:` / `CHECKOUT OPTIONS:` (with `:commit`).
    static func podfileLock(_ text: String) -> [PackageRow] {
        var versions: [String: String] = [:]
        var urls: [String: String] = [:]
        var commits: [String: String] = [:]
        var section = "", current = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(raw)
            if !line.hasPrefix(" ") {
                section = line.trimmingCharacters(in: .whitespaces)
                continue
            }
            switch section {
            case "PODS:":
                guard line.hasPrefix("  - ") else { continue }
                var entry = line.dropFirst(4).trimmingCharacters(in: .whitespaces)
                if entry.hasSuffix(":") { entry.removeLast() }
                entry = entry.replacingOccurrences(of: "\"", with: "")
                guard let open = entry.range(of: " ("), entry.hasSuffix(")") else { continue }
                let name = String(entry[..<open.lowerBound].split(separator: "/").first ?? "")
                let version = String(entry[open.upperBound..<entry.index(before: entry.endIndex)])
                if !name.isEmpty, versions[name] == nil { versions[name] = version }
            case "EXTERNAL SOURCES:", "CHECKOUT OPTIONS:":
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("  "), !line.hasPrefix("    ") {
                    current = trimmed.hasSuffix(":") ? String(trimmed.dropLast()).replacingOccurrences(of: "\"", with: "") : ""
                } else if let value = trimmed.split(separator: ":", maxSplits: 2).dropFirst().joined(separator: ":").nonEmptyValue {
                    if trimmed.hasPrefix(":git:") { urls[current] = value }
                    if trimmed.hasPrefix(":commit:") { commits[current] = value }
                }
            default: continue
            }
        }
        return versions.keys.sorted().map { name in
            PackageRow(kind: "cocoapods", name: name, url: urls[name], requirement: nil, version: versions[name], revision: commits[name])
        }
    }
}

extension String {
    /// `":git: https://x"` split on colons leaves ` https//x`-like pieces; rejoined and trimmed.
    fileprivate var nonEmptyValue: String? {
        let value = trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        return value.isEmpty ? nil : value
    }
}
