import Foundation
import StrataConfiguration
import StrataModel
import StrataPipeline
import StrataSourceTree

/// One package's root manifest as `dump-package` reads it and as Strata reads it, compared.
enum PackageComparison {
    /// The differences for a tag of a bare repository (the mirror's packages).
    static func compare(oracle json: Data, repository: String, tag: String) throws -> [String] {
        let git = try GitRepository(path: repository)
        return try compare(oracle: json, tree: GitRevisionTree(repository: git, commit: try git.resolve(tag)))
    }

    /// The differences, one line each; empty when Strata reads the package as SwiftPM does.
    static func compare(oracle json: Data, tree: any SourceTree) throws -> [String] {
        guard let dump = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            return ["the oracle is not a JSON object"]
        }
        // The oracle ran on Linux: read the manifest as compiled there (`build.platforms: [Linux]`).
        var configuration = Configuration()
        configuration.build.platforms = ["Linux"]
        let stage = try TreeAnalysis.discover(tree: tree, configuration: configuration)
        let files = try tree.files()
        let rootManifest = stage.discovery.packages.first { $0.system == .swiftpm && !$0.manifest.contains("/") }
        guard let rootManifest else { return ["Strata found no root package"] }
        let modules = Dictionary(
            stage.discovery.modules.filter { $0.id.manifest == rootManifest.manifest }.map { ($0.target, $0) },
            uniquingKeysWith: { first, _ in first })

        var differences: [String] = []
        let targets = dump["targets"] as? [[String: Any]] ?? []
        let expectedNames = Set(targets.compactMap { $0["name"] as? String })
        for name in expectedNames.subtracting(modules.keys).sorted() { differences.append("missing target \(name)") }
        for name in Set(modules.keys).subtracting(expectedNames).sorted() { differences.append("extra target \(name)") }
        for target in targets {
            guard let name = target["name"] as? String, let module = modules[name] else { continue }
            let type = target["type"] as? String ?? "regular"
            let kind = type == "regular" ? "library" : type
            if kind != module.kind.rawValue { differences.append("\(name): kind \(module.kind.rawValue), SwiftPM \(kind)") }
            let expected = dependencies(target["dependencies"] as? [[String: Any]] ?? [])
            let found = module.dependencies.map(describe).sorted()
            if expected != found {
                let missing = Self.subtract(expected, found), extra = Self.subtract(found, expected)
                differences.append("\(name): dependencies" + (missing.isEmpty ? "" : " missing \(missing.joined(separator: ", "))")
                    + (extra.isEmpty ? "" : " extra \(extra.joined(separator: ", "))"))
            }
            if ["binary", "system", "plugin"].contains(type) { continue }
            guard let path = Self.path(of: target, type: type, files: files) else { continue }
            if path != module.path { differences.append("\(name): path \(module.path), SwiftPM \(path)") }
            let swift = Self.swiftFiles(of: target, path: path, files: files)
            let read = Set(module.sourceFiles)
            if swift != read {
                let missing = swift.subtracting(read).count, extra = read.subtracting(swift).count
                differences.append("\(name): Swift files" + (missing > 0 ? " \(missing) missing" : "") + (extra > 0 ? " \(extra) extra" : ""))
            }
        }
        let expectedProducts = (dump["products"] as? [[String: Any]] ?? []).map(product).sorted()
        let foundProducts = rootManifest.products.map(describe).sorted()
        for missing in Self.subtract(expectedProducts, foundProducts) { differences.append("missing product \(missing)") }
        for extra in Self.subtract(foundProducts, expectedProducts) { differences.append("extra product \(extra)") }
        return differences
    }

    /// `target:Name`, `product:Name(package)`, `byName:Name`.
    static func dependencies(_ list: [[String: Any]]) -> [String] {
        list.compactMap { entry -> String? in
            if let target = entry["target"] as? [Any], let name = target.first as? String { return "target:\(name)" }
            if let byName = entry["byName"] as? [Any], let name = byName.first as? String { return "byName:\(name)" }
            if let product = entry["product"] as? [Any], let name = product.first as? String {
                return "product:\(name)(\(product.count > 1 ? product[1] as? String ?? "" : ""))"
            }
            return nil
        }.sorted()
    }

    static func describe(_ dependency: DeclaredDependency) -> String {
        dependency.kind == .product ? "product:\(dependency.name)(\(dependency.package ?? ""))" : "\(dependency.kind.rawValue):\(dependency.name)"
    }

    /// `library(automatic):Name[A,B]`, `executable:Name[A]`.
    static func product(_ entry: [String: Any]) -> String {
        let name = entry["name"] as? String ?? ""
        let targets = (entry["targets"] as? [String] ?? []).sorted().joined(separator: ",")
        var kind = "?"
        if let type = entry["type"] as? [String: Any], let key = type.keys.sorted().first {
            kind = key
            if key == "library", let linkage = (type[key] as? [Any])?.first as? String { kind += "(\(linkage))" }
        }
        return "\(kind):\(name)[\(targets)]"
    }

    static func describe(_ product: Product) -> String {
        let kind = product.linkage.map { "\(product.kind)(\($0.rawValue))" } ?? product.kind
        return "\(kind):\(product.name)[\(product.targets.sorted().joined(separator: ","))]"
    }

    /// The target's folder as SwiftPM finds it: `path:`, else the first of the conventional
    /// folders that exists.
    static func path(of target: [String: Any], type: String, files: [String]) -> String? {
        if let path = target["path"] as? String { return normalized(path) }
        let name = target["name"] as? String ?? ""
        let roots = type == "test" ? ["Tests", "Sources", "Source", "src", "srcs"]
            : type == "plugin" ? ["Plugins"] : ["Sources", "Source", "src", "srcs"]
        for root in roots {
            let folder = root + "/" + name
            if files.sortedRun(withPrefix: folder + "/").first != nil { return folder }
        }
        return nil
    }

    /// The Swift files SwiftPM compiles for the target: under its folder, within `sources:`
    /// when given, not under `exclude:`.
    static func swiftFiles(of target: [String: Any], path: String, files: [String]) -> Set<String> {
        let prefix = path.isEmpty ? "" : path + "/"
        let within = (target["sources"] as? [String])?.map { prefix + normalized($0) }
        let excluded = (target["exclude"] as? [String] ?? []).map { prefix + normalized($0) }
        func under(_ file: String, _ folder: String) -> Bool { file == folder || file.hasPrefix(folder + "/") }
        // Documentation catalogs and resource bundles are not compiled.
        func inBundle(_ file: String) -> Bool {
            file.split(separator: "/").dropLast().contains { folder in bundles.contains { folder.hasSuffix($0) } }
        }
        return Set(files.sortedRun(withPrefix: prefix).filter { file in
            file.hasSuffix(".swift") && !inBundle(file)
                && (within.map { $0.contains { under(file, $0) } } ?? true)
                && !excluded.contains { under(file, $0) }
        })
    }

    static let bundles = [".docc", ".xcassets", ".bundle", ".playground", ".lproj"]

    /// `./Sources/A/` as `Sources/A`.
    static func normalized(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    /// `a` without one occurrence of each element of `b`.
    static func subtract(_ a: [String], _ b: [String]) -> [String] {
        var remaining = a
        for element in b { if let index = remaining.firstIndex(of: element) { remaining.remove(at: index) } }
        return remaining
    }
}
