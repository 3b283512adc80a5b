import StrataModel

/// Reads `Package.swift` statically with `ManifestEvaluator`; never compiles or runs it.
///
/// What cannot be evaluated is reported as a warning naming the manifest line, and what can
/// is kept: one target defined in a loop does not hide the others.
public enum SwiftPackageReader {
    static let targetKinds: [String: ModuleKind] = [
        "target": .library, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
        "plugin": .plugin, "systemLibrary": .system, "binaryTarget": .binary,
    ]

    public static func read(_ source: [UInt8], path: String) -> PackageManifest {
        let evaluator = ManifestEvaluator(source: source)
        var diagnostics: [Diagnostic] = []
        func warn(_ line: Int?, _ message: String) {
            diagnostics.append(Diagnostic(file: path, line: line, message: message))
        }
        for (line, reason) in evaluator.skipped { warn(line, reason + "; targets it defines are missing") }
        for (line, reason) in evaluator.assumptions { warn(line, reason) }

        let packageCall = evaluator.variables.values.compactMap(\.call).first { $0.name == "Package" }
        guard let package = packageCall else {
            warn(nil, "no `let package = Package(...)` found; the manifest was not understood")
            return PackageManifest(
                name: directoryName(path), path: path, products: [], localDependencies: [],
                remoteDependencies: [], targets: [], diagnostics: diagnostics)
        }
        let name = package["name"]?.string ?? directoryName(path)

        var targets: [PackageManifest.Target] = []
        for element in elements(package["targets"], "targets", at: package.line, warn: warn) {
            guard let call = element.call, let kind = targetKinds[call.name] else {
                if let (reason, line) = element.unknownReason {
                    warn(line, "a target could not be evaluated (\(reason)); it is missing from the analysis")
                }
                continue
            }
            guard let targetName = call["name"]?.string else {
                warn(call.line, "a `.\(call.name)` whose name is not a literal; it is missing from the analysis")
                continue
            }
            var dependencies: [DeclaredDependency] = []
            for dependency in elements(call["dependencies"], "dependencies of \(targetName)", at: call.line, warn: warn) {
                if let declared = declaredDependency(dependency, path: path) {
                    dependencies.append(declared)
                } else {
                    let line = dependency.unknownReason?.line ?? call.line
                    warn(line, "a dependency of target \(targetName) could not be evaluated; it is left out")
                }
            }
            targets.append(PackageManifest.Target(
                name: targetName, kind: kind, path: call["path"]?.string,
                sources: call["sources"]?.array.map { $0.compactMap(\.string) },
                exclude: call["exclude"]?.array?.compactMap(\.string) ?? [],
                dependencies: dependencies, line: call.line))
        }

        var products: [Product] = []
        for element in elements(package["products"], "products", at: package.line, warn: warn) {
            guard let call = element.call, let productName = call["name"]?.string else {
                if let (reason, line) = element.unknownReason { warn(line, "a product could not be evaluated (\(reason))") }
                continue
            }
            var linkage: Product.Linkage?
            if call.name == "library" {
                if case .member(let type)? = call["type"] { linkage = Product.Linkage(rawValue: type) } else { linkage = .automatic }
            }
            products.append(Product(
                name: productName, kind: call.name, linkage: linkage,
                targets: call["targets"]?.array?.compactMap(\.string) ?? []))
        }

        var local: [String] = [], remote: [String] = []
        for element in package["dependencies"]?.array ?? [] {
            guard let call = element.call, call.name == "package" else { continue }
            if let dependencyPath = call["path"]?.string {
                local.append(call["name"]?.string ?? lastComponent(dependencyPath))
            } else if let url = call["url"]?.string {
                remote.append(lastComponent(url).replacingOccurrences(of: ".git", with: ""))
            } else if let id = call["id"]?.string {
                remote.append(id)
            }
        }
        return PackageManifest(
            name: name, path: path, products: products, localDependencies: local.sorted(),
            remoteDependencies: remote.sorted(), targets: targets, diagnostics: diagnostics)
    }

    private static func elements(
        _ value: ManifestValue?, _ what: String, at line: Int, warn: (Int?, String) -> Void
    ) -> [ManifestValue] {
        switch value {
        case nil: return []
        case .array(let elements)?: return elements
        case .unknown(let reason, let at)?:
            warn(at, "the \(what) could not be evaluated (\(reason)); they are missing from the analysis")
            return []
        default:
            warn(line, "the \(what) are not a list")
            return []
        }
    }

    static func declaredDependency(_ value: ManifestValue, path: String) -> DeclaredDependency? {
        switch value {
        case .string(let name, let line):
            return DeclaredDependency(name: name, kind: .byName, evidence: Location(file: path, line: line > 0 ? line : nil))
        case .call(let call):
            let evidence = Location(file: path, line: call.line)
            let name = call["name"]?.string ?? call.firstUnlabelled?.string
            guard let name else { return nil }
            switch call.name {
            case "target": return DeclaredDependency(name: name, kind: .target, evidence: evidence)
            case "product": return DeclaredDependency(name: name, kind: .product, package: call["package"]?.string, evidence: evidence)
            case "byName", "byNameItem": return DeclaredDependency(name: name, kind: .byName, evidence: evidence)
            default: return nil
            }
        default:
            return nil
        }
    }

    static func directoryName(_ manifestPath: String) -> String {
        let parts = manifestPath.split(separator: "/")
        return parts.count >= 2 ? String(parts[parts.count - 2]) : "root"
    }

    static func lastComponent(_ text: String) -> String {
        var trimmed = Substring(text)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }
}
