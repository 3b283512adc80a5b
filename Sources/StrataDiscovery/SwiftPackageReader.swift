import StrataManifestEvaluator
import StrataModel
import StrataSourceTree

/// Reads `Package.swift` statically with `ManifestEvaluator`; never compiles or runs it.
///
/// What cannot be evaluated is reported as a warning naming the manifest line, and what can
/// is kept: one target defined in a loop does not hide the others.
public enum SwiftPackageReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool { Discoverer.isManifest(path) }

    /// Reads the manifest SwiftPM would read for the package whose `Package.swift` is `path`
    /// (a `Package@swift-6.0.swift` beside it may replace it). The package keeps `path` as its
    /// identity; targets and evidence name the file that was read.
    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] {
        try read(path: path, tree: tree, files: files, host: ManifestHost.standard)
    }

    /// - Parameter host: the operating system the manifest is compiled on (`#if os(...)`).
    public static func read(path: String, tree: any SourceTree, files: [String], host: String) throws -> [Manifest] {
        let chosen = SwiftToolsVersion.chosenManifest(for: path, files: files) { file in
            (try? tree.read(file)).flatMap(SwiftToolsVersion.declared(in:))
        }
        var manifest = read(try tree.read(chosen), path: chosen, files: files, treeName: tree.name, host: host)
        if chosen != path {
            manifest.path = path
            for index in manifest.targets.indices { manifest.targets[index].file = chosen }
        }
        return [manifest]
    }

    static let targetKinds: [String: ModuleKind] = [
        "target": .library, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
        "plugin": .plugin, "systemLibrary": .system, "binaryTarget": .binary,
    ]

    /// - Parameter files: the tree's files; when the manifest declares no package (empty, or
    ///   not understood), its modules are guessed from the folders beside it, as without one,
    ///   and the manifest is marked `guessed` (discovery prefers other manifests there).
    ///   `treeName` names a module guessed at the root.
    public static func read(
        _ source: [UInt8], path: String, files: [String] = [], treeName: String = "root", host: String = ManifestHost.standard
    ) -> Manifest {
        let evaluator = ManifestEvaluator(source: source, host: host)
        var diagnostics = evaluationDiagnostics(evaluator, path: path)
        func warn(_ line: Int?, _ message: String) {
            diagnostics.append(Diagnostic(file: path, line: line, message: message))
        }
        guard let package = evaluator.variables.values.compactMap(\.call).first(where: { $0.name == "Package" }) else {
            warn(nil, "no `let package = Package(...)` found; modules guessed from the Sources/ and Tests/ folders beside it")
            return guessedManifest(path: path, files: files, treeName: treeName, diagnostics: diagnostics)
        }
        let name = package["name"]?.string ?? directoryName(path)
        let platforms = self.platforms(package)
        let packageMode = packageLanguageMode(package, source: source)
        var targets: [Manifest.Target] = []
        for element in elements(package["targets"], "targets", at: package.line, warn: warn) {
            if let target = target(element, platforms: platforms, languageMode: packageMode, path: path, warn: warn) {
                targets.append(target)
            }
        }
        let (products, productLines) = self.products(package, warn: warn)
        let (local, remote) = packageDependencies(package)
        assignLinkage(&targets, products: products, path: path, productLines: productLines)
        var manifest = Manifest(
            name: name, system: .swiftpm, path: path, products: products, localDependencies: local.sorted(),
            remoteDependencies: remote.sorted(), targets: targets, diagnostics: diagnostics)
        manifest.remotePackages = remotePackages(package)
        return manifest
    }

    /// What the evaluator could not read, decide or bound, as warnings, and the environment
    /// variables it read as a note.
    static func evaluationDiagnostics(_ evaluator: ManifestEvaluator, path: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (line, reason) in evaluator.problems { diagnostics.append(Diagnostic(file: path, line: line, message: reason)) }
        for (line, reason) in evaluator.skipped {
            diagnostics.append(Diagnostic(file: path, line: line, message: reason + "; targets it defines are missing"))
        }
        for (line, reason) in evaluator.assumptions { diagnostics.append(Diagnostic(file: path, line: line, message: reason)) }
        if let (line, message) = evaluator.environmentNote {
            diagnostics.append(Diagnostic(file: path, line: line, message: message, isNote: true))
        }
        return diagnostics
    }

    /// A manifest that declares no package: its modules guessed from the folders beside it.
    static func guessedManifest(path: String, files: [String], treeName: String, diagnostics: [Diagnostic]) -> Manifest {
        let folder = RepositoryPath.folder(of: path)
        let local = folder.isEmpty ? files : files.sortedRun(withPrefix: folder + "/").map { String($0.dropFirst(folder.count + 1)) }
        let guessed = DirectoryConvention.manifest(files: local, rootName: folder.isEmpty ? treeName : directoryName(path))
        var manifest = Manifest(name: directoryName(path), system: .swiftpm, path: path, targets: guessed.targets, diagnostics: diagnostics)
        manifest.guessed = true
        return manifest
    }

    /// The platforms the package builds on: `platforms: [.iOS(.v17), .macOS("14.0")]`
    /// restricts the Apple platforms, and Linux and the other non-Apple platforms build any
    /// package; nil when it lists none.
    static func platforms(_ package: ManifestCall) -> [String]? {
        let declared = package["platforms"]?.array?.compactMap { $0.call?.name }
        // macCatalyst builds as iOS and driverKit as macOS: each platform once, in order.
        return declared.map { apple in
            var seen = Set<String>()
            return (apple.map { $0 == "macCatalyst" ? "iOS" : $0 == "driverKit" ? "macOS" : $0 } + ["Linux", "Windows", "Android"])
                .filter { seen.insert($0).inserted }
        }
    }

    /// One element of `targets:`; nil, with a warning, for one that could not be evaluated or
    /// whose name is not a literal.
    static func target(
        _ element: ManifestValue, platforms: [String]?, languageMode packageMode: String, path: String, warn: (Int?, String) -> Void
    ) -> Manifest.Target? {
        guard let call = element.call, let kind = targetKinds[call.name] else {
            if let (reason, line) = element.unknownReason {
                warn(line, "a target could not be evaluated (\(reason)); it is missing from the analysis")
            }
            return nil
        }
        guard let targetName = call["name"]?.string else {
            let why = call["name"]?.unknownReason.map { " (\($0.reason))" } ?? ""
            warn(call.line, "a `.\(call.name)` whose name is not a literal\(why); it is missing from the analysis")
            return nil
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
        var target = Manifest.Target(
            name: targetName, kind: kind, platforms: platforms,
            sources: .package(
                path: call["path"]?.string, sources: call["sources"]?.array.map { $0.compactMap(\.string) },
                exclude: call["exclude"]?.array?.compactMap(\.string) ?? []),
            dependencies: dependencies, line: call.line)
        if let folder = call["publicHeadersPath"]?.string { target.publicHeaders = .folder(folder) }
        target.languageMode = call["swiftSettings"]?.array?.lazy.compactMap(Self.settingLanguageMode).last ?? packageMode
        let features = Set(call["swiftSettings"]?.array?.flatMap(Self.settingFeatures) ?? [])
        target.features = features.isEmpty ? nil : features.sorted()
        return target
    }

    /// The mode a target gets without its own setting: the highest the package lists that
    /// the compiler has, else the tools version's default.
    static func packageLanguageMode(_ package: ManifestCall, source: [UInt8]) -> String {
        let listed = (package["swiftLanguageModes"] ?? package["swiftLanguageVersions"])?.array?.compactMap(Self.languageMode) ?? []
        return listed.filter { (SwiftToolsVersion($0) ?? SwiftToolsVersion(99)) <= SwiftToolsVersion.current }
            .max { SwiftToolsVersion($0)! < SwiftToolsVersion($1)! }
            ?? (SwiftToolsVersion.declared(in: source) ?? SwiftToolsVersion(5)).defaultLanguageMode
    }

    /// The package's products, with the line of each by name.
    static func products(_ package: ManifestCall, warn: (Int?, String) -> Void) -> (products: [Product], lines: [String: Int]) {
        var products: [Product] = []
        var productLines: [String: Int] = [:]
        for element in elements(package["products"], "products", at: package.line, warn: warn) {
            guard let call = element.call, let productName = call["name"]?.string else {
                if let (reason, line) = element.unknownReason { warn(line, "a product could not be evaluated (\(reason))") }
                continue
            }
            var linkage: Product.Linkage?
            if call.name == "library" {
                if case .member(let type)? = call["type"] { linkage = Product.Linkage(rawValue: type) } else { linkage = .automatic }
            }
            productLines[productName] = call.line
            products.append(Product(
                name: productName, kind: call.name, linkage: linkage,
                targets: call["targets"]?.array?.compactMap(\.string) ?? []))
        }
        return (products, productLines)
    }

    /// The names of the packages the package depends on: local ones (by path) and remote ones.
    static func packageDependencies(_ package: ManifestCall) -> (local: [String], remote: [String]) {
        var local: [String] = [], remote: [String] = []
        for element in package["dependencies"]?.array ?? [] {
            guard let call = element.call, call.name == "package" else { continue }
            if let dependencyPath = call["path"]?.string {
                local.append(call["name"]?.string ?? lastComponent(dependencyPath))
            } else if let url = call["url"]?.string {
                remote.append(PackageIdentity.name(ofLocation: url) ?? "")
            } else if let id = call["id"]?.string {
                remote.append(id)
            }
        }
        return (local, remote)
    }

    /// The packages of `.package(url:…)`, each with what version it asks for.
    static func remotePackages(_ package: ManifestCall) -> [PackageReference] {
        (package["dependencies"]?.array ?? []).compactMap { element in
            guard let call = element.call, call.name == "package", let url = call["url"]?.string else { return nil }
            return PackageReference(location: url, requirement: requirement(call))
        }
    }

    /// What a `.package(url:…)` asks for, as written, quotes left out: its first argument
    /// besides the URL and name (`from: 1.2.0`, `.upToNextMinor(from: 1.5.0)`, `1.0.0..<2.0.0`).
    static func requirement(_ call: ManifestCall) -> String? {
        for argument in call.arguments where argument.label != "url" && argument.label != "name" {
            guard let text = written(argument.value) else { continue }
            return argument.label.map { "\($0): \(text)" } ?? text
        }
        return nil
    }

    /// A requirement's value as written: a string, a range of two, a call such as
    /// `.exact("1.2.0")` with its arguments.
    private static func written(_ value: ManifestValue) -> String? {
        switch value {
        case .string(let text, _):
            return text
        case .call(let call) where ManifestCall.rangeOperators.contains(call.name) && call.arguments.count == 2:
            guard let lower = written(call.arguments[0].value), let upper = written(call.arguments[1].value) else { return nil }
            return lower + call.name + upper
        case .call(let call):
            let arguments = call.arguments.map { argument in (argument.label.map { "\($0): " } ?? "") + (written(argument.value) ?? "?") }
            return ".\(call.name)(\(arguments.joined(separator: ", ")))"
        default:
            return nil
        }
    }

    /// SwiftPM's linkage: a library target is dynamic only inside a `type: .dynamic` product;
    /// automatic products are linked statically by SwiftPM and Xcode alike.
    static func assignLinkage(_ targets: inout [Manifest.Target], products: [Product], path: String, productLines: [String: Int]) {
        for index in targets.indices {
            let target = targets[index]
            func decided(_ kind: Linkage.Kind, _ reason: String, line: Int?) -> Linkage {
                Linkage(kind, evidence: Location(file: path, line: line.flatMap { $0 > 0 ? $0 : nil }), reason: reason)
            }
            switch target.kind {
            case .test:
                targets[index].linkage = decided(.executable, "test target: its own test bundle", line: target.line)
            case .executable, .macro, .plugin, .app, .example:
                targets[index].linkage = decided(.executable, "\(target.kind.rawValue) target: its own image", line: target.line)
            case .system, .binary, .bundle:
                targets[index].linkage = .unknown
            case .library:
                let containing = products.filter { $0.linkage != nil && $0.targets.contains(target.name) }
                if let product = containing.first(where: { $0.linkage == .dynamic }) {
                    targets[index].linkage = decided(.dynamic, "in product \(product.name) (type: .dynamic)", line: productLines[product.name])
                } else if let product = containing.first(where: { $0.linkage == .static }) {
                    targets[index].linkage = decided(.static, "in product \(product.name) (type: .static)", line: productLines[product.name])
                } else if let product = containing.first {
                    targets[index].linkage = decided(
                        .static, "in automatic library product \(product.name); SwiftPM links it statically",
                        line: productLines[product.name])
                } else {
                    targets[index].linkage = decided(
                        .static, "in no library product; linked statically into what uses it", line: target.line)
                }
            }
        }
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
        case .call(let call)?:
            warn(call.line, "the \(what) could not be evaluated (`\(call.name)(...)` is not known statically); they are missing from the analysis")
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

    /// `.v5`, `.version("6")`: a language mode in a package's list.
    static func languageMode(_ value: ManifestValue) -> String? {
        if case .member(let name) = value { return Manifest.languageMode("." + name) }
        if let call = value.call, call.name == "version", let text = call.firstUnlabelled?.string { return Manifest.languageMode(text) }
        return nil
    }

    /// `.swiftLanguageMode(.v5)`, `.swiftLanguageVersion(.v5)`, `.unsafeFlags(["-swift-version", "5"])`.
    static func settingLanguageMode(_ value: ManifestValue) -> String? {
        guard let call = value.call else { return nil }
        switch call.name {
        case "swiftLanguageMode", "swiftLanguageVersion": return call.firstUnlabelled.flatMap(languageMode)
        case "unsafeFlags":
            let flags = call.firstUnlabelled?.array?.compactMap(\.string) ?? []
            guard let index = flags.firstIndex(of: "-swift-version"), index + 1 < flags.count else { return nil }
            return Manifest.languageMode(flags[index + 1])
        default: return nil
        }
    }

    /// `.enableUpcomingFeature("X")`, `.enableExperimentalFeature("X")` (under a condition
    /// too: a feature on for some platform is read as on), `.unsafeFlags([…,
    /// "-enable-upcoming-feature", "X"])`.
    static func settingFeatures(_ value: ManifestValue) -> [String] {
        guard let call = value.call else { return [] }
        switch call.name {
        case "enableUpcomingFeature", "enableExperimentalFeature":
            return call.firstUnlabelled?.string.map { Manifest.features(flags: ["-enable-upcoming-feature", $0]) } ?? []
        case "unsafeFlags":
            return Manifest.features(flags: call.firstUnlabelled?.array?.compactMap(\.string) ?? [])
        default: return []
        }
    }

    /// The name of the folder that holds the manifest, "root" at the root.
    static func directoryName(_ manifestPath: String) -> String {
        let folder = RepositoryPath.folder(of: manifestPath)
        return folder.isEmpty ? "root" : RepositoryPath.name(of: folder)
    }

    /// `RepositoryPath.name`, but "" for a text of slashes only (`.package(path: "/")`).
    static func lastComponent(_ text: String) -> String {
        let name = RepositoryPath.name(of: text)
        return name.contains("/") ? "" : name
    }
}
