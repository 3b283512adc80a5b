import Foundation
import StrataDiscovery
import StrataManifestEvaluator
import Testing

/// Families of manifests that mean one thing, each spelled at least four ways: every spelling
/// must read as `swift package dump-package` reads it.
///
/// `Tests/Fixtures/Manifests/<family>/dump-package.json` is what dump-package prints for every
/// spelling of the family; each folder beside it is one spelling, a package. Compared here:
/// targets in order with their kinds, paths, declared dependencies and resources, products
/// with their types and targets, and no warning. `strata-verify --fixtures` (`CorpusTests`)
/// compares the same answers through discovery, with each target's Swift files.
@Suite struct ManifestFamilyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        + "/Fixtures/Manifests"

    /// `family/spelling` for every spelling folder.
    static let spellings: [String] = {
        let manager = FileManager.default
        var found: [String] = []
        for family in (try? manager.contentsOfDirectory(atPath: root)) ?? [] where manager.fileExists(atPath: "\(root)/\(family)/dump-package.json") {
            for spelling in (try? manager.contentsOfDirectory(atPath: "\(root)/\(family)")) ?? []
            where manager.fileExists(atPath: "\(root)/\(family)/\(spelling)/Package.swift") {
                found.append("\(family)/\(spelling)")
            }
        }
        return found.sorted()
    }()

    /// The facts of a family's dump-package answer, one line each.
    static func expected(_ family: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(family)/dump-package.json"))
        let dump = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var facts: [String] = []
        for target in dump["targets"] as? [[String: Any]] ?? [] {
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { entry -> String? in
                guard let (kind, value) = entry.first, let fields = value as? [Any], let name = fields.first as? String else { return nil }
                return kind == "product" ? "product:\(name)(\(fields.count > 1 ? fields[1] as? String ?? "" : ""))" : "\(kind):\(name)"
            }
            let resources = (target["resources"] as? [[String: Any]] ?? []).map { resource in
                "\((resource["rule"] as? [String: Any])?.keys.first ?? "?"):\(resource["path"] as? String ?? "")"
            }
            let kind = target["type"] as? String == "regular" ? "library" : target["type"] as? String ?? "?"
            facts.append(fact(target["name"] as? String ?? "", kind, target["path"] as? String, dependencies, resources))
        }
        for product in dump["products"] as? [[String: Any]] ?? [] {
            let type = product["type"] as? [String: Any]
            let kind = type?.keys.first.map { key in key + ((type?[key] as? [Any])?.first as? String).map { "(\($0))" }.orEmpty } ?? "?"
            facts.append("product \(kind) \(product["name"] as? String ?? "") \(product["targets"] as? [String] ?? [])")
        }
        return facts
    }

    static func fact(_ name: String, _ kind: String, _ path: String?, _ dependencies: [String], _ resources: [String]) -> String {
        "target \(name) \(kind) path=\(path ?? "-") dependencies=\(dependencies) resources=\(resources)"
    }

    /// The same facts as Strata reads the manifest, and its warnings.
    static func read(_ spelling: String) throws -> (facts: [String], warnings: [String]) {
        let source = Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(spelling)/Package.swift")))
        let manifest = SwiftPackageReader.read(source, path: "Package.swift")
        // Resources are no part of Strata's model: they are read from the evaluated targets.
        let evaluated = ManifestEvaluator(source: source).variables.values.compactMap(\.call).first { $0.name == "Package" }
        var resources: [String: [String]] = [:]
        for target in evaluated?["targets"]?.array?.compactMap(\.call) ?? [] {
            guard let name = target["name"]?.string else { continue }
            resources[name] = target["resources"]?.array?.compactMap(\.call).map { "\($0.name):\($0.firstUnlabelled?.string ?? "?")" } ?? []
        }
        var facts = manifest.targets.map { target in
            var path: String?
            if case .package(let written, _, _) = target.sources { path = written }
            let dependencies = target.dependencies.map { dependency in
                dependency.kind.rawValue == "product"
                    ? "product:\(dependency.name)(\(dependency.package ?? ""))" : "\(dependency.kind.rawValue):\(dependency.name)"
            }
            return fact(target.name, target.kind.rawValue, path, dependencies, resources[target.name] ?? [])
        }
        facts += manifest.products.map { product in
            "product \(product.kind)\(product.linkage.map { "(\($0.rawValue))" }.orEmpty) \(product.name) \(product.targets)"
        }
        return (facts, manifest.diagnostics.filter { !$0.isNote }.map(\.message))
    }

    @Test func everyFamilyHasAtLeastFourSpellings() {
        let families = Dictionary(grouping: Self.spellings) { $0.split(separator: "/")[0] }
        #expect(!families.isEmpty)
        for (family, spellings) in families { #expect(spellings.count >= 4, "\(family)") }
    }

    @Test(arguments: spellings)
    func readsAsDumpPackageReadsIt(spelling: String) throws {
        let family = String(spelling.split(separator: "/")[0])
        let read = try Self.read(spelling)
        #expect(read.warnings == [])
        #expect(read.facts == (try Self.expected(family)))
    }
}

extension Optional<String> {
    fileprivate var orEmpty: String { self ?? "" }
}
