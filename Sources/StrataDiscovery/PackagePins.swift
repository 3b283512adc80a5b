import Foundation
import StrataModel

/// The pins of a `Package.resolved` (version 1, 2 or 3), or of a `Podfile.lock`: each remote
/// package's (or pod's) identity and the state it is resolved to.
public struct PackagePins: Equatable, Sendable {
    /// A pin: what SwiftPM resolved a package to.
    public struct Pin: Equatable, Sendable {
        /// The package identity, lowercased: `swift-nio`.
        public var identity: String
        /// The repository URL or path.
        public var location: String
        /// `2.101.3`, a branch at a revision, or a revision alone.
        public var state: String
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
            guard let identity = (entry["identity"] as? String) ?? Self.identity(ofLocation: location) ?? (entry["package"] as? String)
            else { continue }
            let state = entry["state"] as? [String: Any] ?? [:]
            let version = state["version"] as? String, branch = state["branch"] as? String, revision = state["revision"] as? String
            let described = version ?? [branch, revision.map { String($0.prefix(12)) }].compactMap { $0 }.joined(separator: "@")
            pins[identity.lowercased()] = Pin(identity: identity.lowercased(), location: location, state: described)
        }
        self.pins = pins
    }

    /// The pods of a `Podfile.lock`: each pod of `PODS:` (subspecs as their pod) at its
    /// version, with its `SPEC CHECKSUMS:` entry (a pod from a branch changes only that).
    /// Nil when the bytes have no `PODS:` section.
    public static func podfileLock(_ bytes: [UInt8]) -> PackagePins? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var section = "", versions: [String: String] = [:], checksums: [String: String] = [:]
        var sawPods = false
        for line in text.split(whereSeparator: \.isNewline) {
            if !line.hasPrefix(" ") {
                section = line.trimmingCharacters(in: .whitespaces)
                sawPods = sawPods || section == "PODS:"
                continue
            }
            if section == "PODS:", line.hasPrefix("  - ") {
                // `  - Firebase/Core (10.0.0):`; deeper lines are the pod's own dependencies.
                var entry = line.dropFirst(4).trimmingCharacters(in: .whitespaces)
                if entry.hasSuffix(":") { entry.removeLast() }
                if entry.hasPrefix("\""), entry.hasSuffix("\""), entry.count > 1 { entry = String(entry.dropFirst().dropLast()) }
                guard let open = entry.firstIndex(of: "(") else { continue }
                let pod = entry[..<open].trimmingCharacters(in: .whitespaces).split(separator: "/").first.map(String.init) ?? ""
                let version = entry[entry.index(after: open)...].trimmingCharacters(in: CharacterSet(charactersIn: ") "))
                if !pod.isEmpty { versions[pod.lowercased()] = version }
            } else if section == "SPEC CHECKSUMS:", let colon = line.firstIndex(of: ":") {
                let pod = line[..<colon].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                checksums[pod.lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        guard sawPods else { return nil }
        var pins: [String: Pin] = [:]
        for pod in Set(versions.keys).union(checksums.keys) {
            let checksum = checksums[pod].map { " (\($0.prefix(12)))" } ?? ""
            pins[pod] = Pin(identity: pod, location: "", state: (versions[pod] ?? "?") + checksum)
        }
        return PackagePins(pins: pins)
    }

    /// SwiftPM's identity of a package at a URL or path: its last component without `.git`.
    public static func identity(ofLocation location: String) -> String? {
        var last = RepositoryPath.name(of: location.hasSuffix("/") ? String(location.dropLast()) : location)
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.isEmpty ? nil : last.lowercased()
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
            if let identity = identity(ofLocation: package) { names.insert(identity) }
        }
        return names
    }
}
