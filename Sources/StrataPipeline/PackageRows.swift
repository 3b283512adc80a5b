import StrataDiscovery
import StrataHistory  // strata:ignore stable-dependencies the pipeline runs `strata history`; the servers made it more stable than its store
import StrataModel

/// The packages a commit's files name, for the organisation's page: each `Package.swift`'s
/// remote packages (read by the bounded manifest reader, never run), the pins of each
/// `Package.resolved` and the pods of each `Podfile.lock` (`PackagePins`), merged by kind and
/// name. A pin is what is built; the manifest adds what it asks for.
public enum PackageRows {
    /// The files that name packages: every `Package.swift`, `Package.resolved` and `Podfile.lock`.
    public static func isPackageFile(_ path: String) -> Bool {
        ["Package.swift", "Package.resolved", "Podfile.lock"].contains(RepositoryPath.name(of: path))
    }

    /// The rows of these files (path and bytes), sorted by kind and name.
    public static func rows(_ files: [(path: String, bytes: [UInt8])]) -> [PackageRow] {
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
        let sorted = files.sorted { $0.path < $1.path }
        // Lock files first: a pin is what is built; the manifest adds what it asks for.
        for file in sorted {
            switch RepositoryPath.name(of: file.path) {
            case "Package.resolved": for pin in PackagePins(file.bytes)?.sortedPins ?? [] where !pin.location.isEmpty { merge(row(package: pin)) }
            case "Podfile.lock": for pin in PackagePins.podfileLock(file.bytes)?.sortedPins ?? [] where pin.version != nil { merge(row(pod: pin)) }
            default: continue
            }
        }
        for file in sorted where RepositoryPath.name(of: file.path) == "Package.swift" {
            for package in SwiftPackageReader.read(file.bytes, path: file.path).remotePackages {
                merge(PackageRow(
                    kind: "swiftpm", name: PackageIdentity.of(location: package.location) ?? package.location, url: package.location,
                    requirement: package.requirement, version: nil, revision: nil))
            }
        }
        return rows.values.sorted { ($0.kind, $0.name) < ($1.kind, $1.name) }
    }

    private static func row(package pin: PackagePins.Pin) -> PackageRow {
        PackageRow(kind: "swiftpm", name: pin.identity, url: pin.location, requirement: nil, version: pin.version, revision: pin.revision)
    }

    private static func row(pod pin: PackagePins.Pin) -> PackageRow {
        PackageRow(
            kind: "cocoapods", name: pin.name, url: pin.location.isEmpty ? nil : pin.location, requirement: nil, version: pin.version,
            revision: pin.revision)
    }
}

extension PackagePins {
    /// The pins by identity.
    var sortedPins: [Pin] { pins.keys.sorted().map { pins[$0]! } }
}
