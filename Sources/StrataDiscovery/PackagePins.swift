import Foundation
import StrataModel

/// The pins of a `Package.resolved` (version 1, 2 or 3), or of a `Podfile.lock`: each remote
/// package's (or pod's) identity and the state it is resolved to.
public struct PackagePins: Equatable, Sendable {
    /// A pin: what SwiftPM resolved a package to (or CocoaPods a pod).
    public struct Pin: Equatable, Sendable {
        /// The package identity, lowercased: `swift-nio`.
        public var identity: String
        /// The repository URL or path (a pod's `:git`); empty when the lock file names none.
        public var location: String
        /// `2.101.3`, a branch at a revision, or a revision alone.
        public var state: String
        /// The name as the file writes it (a pod's `Alamofire`; a package's identity).
        public var name: String
        /// The pinned version, else the branch; and the revision (a pod's `:commit`).
        public var version: String?
        public var revision: String?
    }

    /// By identity.
    public var pins: [String: Pin]

    public init(pins: [String: Pin]) {
        self.pins = pins
    }

    /// Nil when the bytes are not a `Package.resolved` this reader knows.
    public init?(_ bytes: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        // Version 1 nests the pins in `object`; 2 and 3 have them at the top.
        let list = (object["object"] as? [String: Any])?["pins"] ?? object["pins"]
        guard let entries = list as? [[String: Any]] else { return nil }
        var pins: [String: Pin] = [:]
        for entry in entries {
            let location = (entry["location"] ?? entry["repositoryURL"]) as? String ?? ""
            guard let identity = (entry["identity"] as? String) ?? PackageIdentity.of(location: location) ?? (entry["package"] as? String)
            else { continue }
            let state = entry["state"] as? [String: Any] ?? [:]
            let version = state["version"] as? String, branch = state["branch"] as? String, revision = state["revision"] as? String
            let described = version ?? [branch, revision.map { String($0.prefix(12)) }].compactMap { $0 }.joined(separator: "@")
            pins[identity.lowercased()] = Pin(
                identity: identity.lowercased(), location: location, state: described, name: identity.lowercased(),
                version: version ?? branch, revision: revision)
        }
        self.pins = pins
    }

    /// The pods of a `Podfile.lock`: each pod of `PODS:` (subspecs as their pod) at its
    /// version, with its `SPEC CHECKSUMS:` entry (a pod from a branch changes only that), and
    /// the `:git` and `:commit` of `EXTERNAL SOURCES:` and `CHECKOUT OPTIONS:`. Nil when the
    /// bytes have no `PODS:` section.
    public static func podfileLock(_ bytes: [UInt8]) -> PackagePins? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var lock = PodfileLock()
        for line in text.split(whereSeparator: \.isNewline) { lock.read(line) }
        guard lock.sawPods else { return nil }
        var pins: [String: Pin] = [:]
        for pod in Set(lock.versions.keys).union(lock.checksums.keys) {
            let checksum = lock.checksums[pod].map { " (\($0.prefix(12)))" } ?? ""
            let version = lock.versions[pod]
            pins[pod] = Pin(
                identity: pod, location: lock.urls[pod] ?? "", state: (version?.version ?? "?") + checksum,
                name: version?.name ?? pod, version: version?.version, revision: lock.commits[pod])
        }
        return PackagePins(pins: pins)
    }

    /// A `Podfile.lock` read line by line; pods by lowercased name.
    private struct PodfileLock {
        var section = "", sawPods = false
        /// The pod's name as written, and its version.
        var versions: [String: (name: String, version: String)] = [:]
        var checksums: [String: String] = [:], urls: [String: String] = [:], commits: [String: String] = [:]
        /// The pod of `EXTERNAL SOURCES:` or `CHECKOUT OPTIONS:` whose entries follow.
        var current = ""

        mutating func read(_ line: Substring) {
            if !line.hasPrefix(" ") {
                section = line.trimmingCharacters(in: .whitespaces)
                sawPods = sawPods || section == "PODS:"
                return
            }
            switch section {
            case "PODS:" where line.hasPrefix("  - "):
                // `  - Firebase/Core (10.0.0):`; deeper lines are the pod's own dependencies.
                var entry = line.dropFirst(4).trimmingCharacters(in: .whitespaces)
                if entry.hasSuffix(":") { entry.removeLast() }
                if entry.hasPrefix("\""), entry.hasSuffix("\""), entry.count > 1 { entry = String(entry.dropFirst().dropLast()) }
                guard let open = entry.firstIndex(of: "(") else { return }
                let pod = entry[..<open].trimmingCharacters(in: .whitespaces).split(separator: "/").first.map(String.init) ?? ""
                let version = entry[entry.index(after: open)...].trimmingCharacters(in: CharacterSet(charactersIn: ") "))
                if !pod.isEmpty { versions[pod.lowercased()] = (pod, version) }
            case "SPEC CHECKSUMS:":
                guard let colon = line.firstIndex(of: ":") else { return }
                let pod = line[..<colon].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                checksums[pod.lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            case "EXTERNAL SOURCES:", "CHECKOUT OPTIONS:":
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !line.hasPrefix("    ") {
                    current = trimmed.hasSuffix(":") ? String(trimmed.dropLast()).replacingOccurrences(of: "\"", with: "").lowercased() : ""
                } else if let value = Self.value(trimmed) {
                    if trimmed.hasPrefix(":git:") { urls[current] = value }
                    if trimmed.hasPrefix(":commit:") { commits[current] = value }
                }
            default:
                return
            }
        }

        /// `https://x` of `:git: https://x` (quotes taken off); nil when empty.
        static func value(_ entry: String) -> String? {
            let value = entry.split(separator: ":", maxSplits: 2).dropFirst().joined(separator: ":")
                .trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty ? nil : value
        }
    }

    /// The pins added, removed or resolved differently, by identity, each described:
    /// `swift-nio 2.1.0 → 2.2.0`.
    public static func changes(from old: PackagePins, to new: PackagePins) -> [(identity: String, description: String)] {
        Set(old.pins.keys).union(new.pins.keys).sorted().compactMap { identity in
            switch (old.pins[identity], new.pins[identity]) {
            case (let before?, let after?) where before.state != after.state || before.location != after.location:
                return (identity, "\(identity) \(before.state) → \(after.state)")
            case (nil, let after?):
                return (identity, "\(identity) added at \(after.state)")
            case (let before?, nil):
                return (identity, "\(identity) removed (was \(before.state))")
            default:
                return nil
            }
        }
    }

    /// The identities a dependency may stand for: its package (`.product(name:package:)`), else
    /// its own name (`.external(name: "Swinject")`, a product named like its package).
    public static func identities(of dependency: DeclaredDependency) -> Set<String> {
        var names: Set<String> = [dependency.name.lowercased()]
        if let package = dependency.package {
            names.insert(package.lowercased())
            if let identity = PackageIdentity.of(location: package) { names.insert(identity) }
        }
        return names
    }
}
