import Foundation
import StrataModel

/// Reads a manifest by running `swift package dump-package` (opt-in: `--evaluate-manifests`).
///
/// This compiles and runs the manifest, which static reading never does; it is exact where
/// the manifest computes its targets, at the cost of a toolchain and a few seconds a package.
public enum DumpPackageReader {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// - Parameters:
    ///   - rootPath: the repository root on disk.
    ///   - manifestPath: the manifest, relative to the root.
    public static func read(rootPath: String, manifestPath: String) throws -> Manifest {
        let folder = RepositoryPath.folder(of: manifestPath)
        let directory = folder.isEmpty ? rootPath : rootPath + "/" + folder
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "dump-package", "--package-path", directory]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "swift package dump-package failed: \(errorText.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return try parse(data, manifestPath: manifestPath)
    }

    static func parse(_ data: Data, manifestPath: String) throws -> Manifest {
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "dump-package printed no JSON object")
        }
        let evidence = Location(file: manifestPath)
        let kinds: [String: ModuleKind] = [
            "regular": .library, "executable": .executable, "test": .test, "macro": .macro,
            "plugin": .plugin, "system": .system, "binary": .binary,
        ]
        var targets = (json["targets"] as? [[String: Any]] ?? []).compactMap { target -> Manifest.Target? in
            guard let name = target["name"] as? String else { return nil }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { entry -> DeclaredDependency? in
                if let list = entry["byName"] as? [Any], let name = list.first as? String {
                    return DeclaredDependency(name: name, kind: .byName, evidence: evidence)
                }
                if let list = entry["target"] as? [Any], let name = list.first as? String {
                    return DeclaredDependency(name: name, kind: .target, evidence: evidence)
                }
                if let list = entry["product"] as? [Any], let name = list.first as? String {
                    return DeclaredDependency(name: name, kind: .product, package: list.dropFirst().first as? String, evidence: evidence)
                }
                return nil
            }
            var made = Manifest.Target(
                name: name, kind: kinds[target["type"] as? String ?? ""] ?? .library,
                sources: .package(
                    path: target["path"] as? String, sources: target["sources"] as? [String],
                    exclude: target["exclude"] as? [String] ?? []),
                dependencies: dependencies, line: 0)
            if let folder = target["publicHeadersPath"] as? String { made.publicHeaders = .folder(folder) }
            return made
        }
        let products = (json["products"] as? [[String: Any]] ?? []).compactMap { product -> Product? in
            guard let name = product["name"] as? String else { return nil }
            let type = product["type"] as? [String: Any] ?? [:]
            let library = (type["library"] as? [String])?.first
            return Product(
                name: name, kind: library != nil ? "library" : (type.keys.sorted().first ?? "library"),
                linkage: library.flatMap(Product.Linkage.init(rawValue:)), targets: product["targets"] as? [String] ?? [])
        }
        var local: [String] = [], remote: [String] = []
        for dependency in json["dependencies"] as? [[String: Any]] ?? [] {
            if let entries = dependency["fileSystem"] as? [[String: Any]], let identity = entries.first?["identity"] as? String {
                local.append(identity)
            } else if let entries = dependency["sourceControl"] as? [[String: Any]], let identity = entries.first?["identity"] as? String {
                remote.append(identity)
            }
        }
        SwiftPackageReader.assignLinkage(&targets, products: products, path: manifestPath, productLines: [:])
        return Manifest(
            name: json["name"] as? String ?? "package", system: .swiftpm, path: manifestPath, products: products,
            localDependencies: local.sorted(), remoteDependencies: remote.sorted(), targets: targets, diagnostics: [])
    }
}
