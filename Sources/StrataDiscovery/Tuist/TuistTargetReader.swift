import StrataManifestEvaluator
import StrataModel

/// Turns evaluated Tuist values into targets: a `Target(...)` or `.target(...)` call, its
/// `product:`, `sources:` and `dependencies:`, and the `Path` values they use.
struct TuistTargetReader {
    let evaluator: ManifestEvaluator
    /// The manifest, relative to the repository root.
    let path: String
    let layout: TuistLayout
    /// The repository's Swift files, sorted: which convention folders exist.
    let swiftFiles: [String]
    private(set) var diagnostics: [Diagnostic] = []

    init(evaluator: ManifestEvaluator, path: String, layout: TuistLayout, swiftFiles: [String]) {
        self.evaluator = evaluator
        self.path = path
        self.layout = layout
        self.swiftFiles = swiftFiles
    }

    /// The file and line of an evaluator position.
    func location(_ position: Int) -> Location {
        let (file, line) = evaluator.location(of: position)
        return Location(file: file.isEmpty ? path : file, line: line > 0 ? line : nil)
    }

    /// A warning at a position; when it is in a helper file, it says which manifest it was
    /// read for.
    mutating func warn(at position: Int?, _ message: String, note: Bool = false) {
        guard let position else {
            diagnostics.append(Diagnostic(file: path, message: message, isNote: note))
            return
        }
        let where_ = location(position)
        let suffix = where_.file == path ? "" : " (evaluating \(path))"
        diagnostics.append(Diagnostic(file: where_.file, line: where_.line, message: message + suffix, isNote: note))
    }

    /// The manifest line a target is reported at: where the manifest wrote it, or called the
    /// helper that made it.
    static func manifestLine(_ call: ManifestCall) -> Int {
        call.site < ManifestEvaluator.fileStride ? call.site : 0
    }

    /// Whether a value is a target: `Target(...)` (Tuist 3), `.target(...)` /
    /// `Target.target(...)` (Tuist 4, told from the dependency of the same name by its
    /// `product:`).
    static func isTarget(_ call: ManifestCall) -> Bool {
        call.name == "Target" || (call.name == "target" && call["product"] != nil)
    }

    // MARK: - Targets

    /// The target a call describes, or nil (with a warning) when its name is not known.
    mutating func target(_ call: ManifestCall) -> Manifest.Target? {
        let line = Self.manifestLine(call)
        guard let name = call["name"]?.string, !name.isEmpty else {
            let reason = call["name"]?.unknownReason?.reason ?? (call["name"]?.string == "" ? "empty" : "not a string")
            warn(at: call["name"]?.unknownReason?.line ?? call.line, "a target's name could not be evaluated (\(reason)); the target is missing from the analysis")
            return nil
        }
        var kind = ModuleKind.library
        var linkage: Linkage?
        var productName: String?
        switch call["product"] {
        case .member(let product)?:
            productName = product
            if let known = TuistProduct.all[product] {
                kind = known.kind
                let evidence = call.line(of: "product").map(location)
                linkage = Linkage(known.linkage, evidence: evidence, reason: "product: .\(product)")
            } else {
                warn(at: call.line(of: "product"), "target \(name) has product `.\(product)`, which Strata does not know; its linkage is unknown")
            }
        case let other:
            let reason = other?.unknownReason
            warn(at: reason?.line ?? call.line, "the product of target \(name) could not be evaluated (\(reason?.reason ?? "missing")); its linkage is unknown")
            linkage = Linkage(.unknown, evidence: Location(file: path, line: line > 0 ? line : nil), reason: "product not evaluated statically")
        }

        let sources: Manifest.Sources
        var globs: [String] = []
        if let (include, exclude) = self.sources(of: call, target: name) {
            globs = include
            sources = .globs(include: include, exclude: exclude)
        } else {
            let candidates = TuistConvention.sources(forTarget: name, in: layout.directory)
            let existing = candidates.filter { !Discoverer.files(in: swiftFiles, matching: [$0], excluding: []).isEmpty }
            globs = existing.isEmpty ? [candidates[0]] : existing
            sources = .globs(include: globs, exclude: [])
        }
        if let productName, TuistProduct.isExample(product: productName, name: name, sources: globs) { kind = .example }

        var dependencies: [DeclaredDependency] = []
        for element in list(call["dependencies"], "dependencies of target \(name)", at: call.line) {
            if let dependency = dependency(element) {
                dependencies.append(dependency)
            } else {
                let reason = element.unknownReason.map { " (\($0.reason))" } ?? ""
                warn(at: element.unknownReason?.line ?? call.line, "a dependency of target \(name) could not be evaluated\(reason); it is left out")
            }
        }
        let importName = call["productName"]?.string.map(DiscoveredModule.moduleName(forTarget:))
        var target = Manifest.Target(
            name: name, importName: importName, kind: kind, platforms: Self.platforms(call["destinations"] ?? call["platform"]),
            product: productName, linkage: linkage, sources: sources, dependencies: dependencies, line: line)
        target.languageMode = Self.languageMode(call["settings"])
        target.features = Self.features(call["settings"])
        return target
    }

    /// `settings: .settings(base: ["SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY": "YES"])`,
    /// `"OTHER_SWIFT_FLAGS": ["-enable-upcoming-feature", "X"]`: the features it enables.
    static func features(_ settings: ManifestValue?) -> [String]? {
        guard let base = settings?.call?["base"]?.call, base.name == ManifestEvaluator.dictionary else { return nil }
        var values: [String: String] = [:]
        for argument in base.arguments {
            guard let key = argument.label else { continue }
            values[key] = argument.value.string ?? argument.value.array?.compactMap(\.string).joined(separator: " ")
        }
        return Manifest.features(buildSettings: values)
    }

    /// `settings: .settings(base: ["SWIFT_VERSION": "5.0"])`: the language mode, when set plainly.
    static func languageMode(_ settings: ManifestValue?) -> String? {
        guard let base = settings?.call?["base"]?.call, base.name == ManifestEvaluator.dictionary else { return nil }
        return base["SWIFT_VERSION"]?.string.flatMap(Manifest.languageMode)
    }

    /// `destinations: .iOS`, `[.iPhone, .iPad, .mac]` (Tuist 4) or `platform: .iOS` (Tuist 3)
    /// as platform names; nil when not written or not understood.
    static func platforms(_ value: ManifestValue?) -> [String]? {
        let names: [String] = switch value {
        case .member(let name)?: [name]
        case .array(let items)?: items.compactMap { if case .member(let name) = $0 { name } else { nil } }
        default: []
        }
        let platforms = Set(names.compactMap { name -> String? in
            switch name {
            case "iOS", "iPhone", "iPad", "macWithiPadDesign", "macCatalyst": "iOS"
            case "mac", "macOS": "macOS"
            case "appleWatch", "watchOS": "watchOS"
            case "appleTv", "tvOS": "tvOS"
            case "appleVision", "visionOS": "visionOS"
            default: nil
            }
        })
        return platforms.isEmpty ? nil : platforms.sorted()
    }

    /// The elements of a list argument; an unknown list is warned about and empty.
    mutating func list(_ value: ManifestValue?, _ what: String, at line: Int) -> [ManifestValue] {
        switch value {
        case nil, .null?: return []
        case .array(let elements)?: return elements.flatMap { $0.array ?? [$0] }
        case .unknown(let reason, let at)?:
            warn(at: at, "the \(what) could not be evaluated (\(reason)); they are missing from the analysis")
            return []
        case let single?: return [single]
        }
    }

    // MARK: - Sources

    /// Root-relative include and exclude globs of `sources:` (and Tuist 4's `buildableFolders:`),
    /// or nil, with a warning, when they could not be evaluated.
    mutating func sources(of call: ManifestCall, target: String) -> (include: [String], exclude: [String])? {
        var include: [String] = [], exclude: [String] = []
        for label in ["sources", "buildableFolders"] {
            guard let value = call[label], value != .null else { continue }
            guard addGlobs(value, folders: label == "buildableFolders", &include, &exclude) else {
                let reason = firstUnknown(value)
                warn(at: reason?.line ?? call.line(of: label), "the sources of target \(target) could not be evaluated (\(reason?.reason ?? "unexpected value")); the folder convention is used instead")
                return nil
            }
        }
        if call["sources"] == nil, call["buildableFolders"] == nil, call["product"] != .member("bundle") {
            warn(at: call.line, "target \(target) declares no `sources:`; it has no Swift files")
        }
        return (include, exclude)
    }

    private func addGlobs(_ value: ManifestValue, folders: Bool, _ include: inout [String], _ exclude: inout [String]) -> Bool {
        switch value {
        case .null:
            return true
        case .array(let elements):
            return elements.allSatisfy { addGlobs($0, folders: folders, &include, &exclude) }
        case .call(let call) where ["glob", "folder"].contains(call.name):
            guard let glob = call["path"].flatMap({ self.path($0) }) ?? call.firstUnlabelled.flatMap({ self.path($0) }) else { return false }
            include.append(folders || call.name == "folder" ? glob + "/**" : glob)
            for excluded in (call["excluding"]?.array ?? call["excluding"].map { [$0] } ?? []) {
                guard let excludedPath = path(excluded) else { return false }
                exclude.append(excludedPath)
            }
            return true
        case .call(let call) where ["SourceFilesList", "sourceFilesList", "paths", "init", "BuildableFolder", "buildableFolder"].contains(call.name):
            guard let inner = call["globs"] ?? call["paths"] ?? call["path"] ?? call.firstUnlabelled else { return false }
            return addGlobs(inner, folders: folders, &include, &exclude)
        default:
            guard let glob = path(value) else { return false }
            include.append(folders ? glob + "/**" : glob)
            return true
        }
    }

    private func firstUnknown(_ value: ManifestValue) -> (reason: String, line: Int)? {
        switch value {
        case .unknown(let reason, let line): return (reason, line)
        case .array(let elements): return elements.lazy.compactMap(firstUnknown).first
        case .call(let call): return call.arguments.lazy.compactMap { firstUnknown($0.value) }.first
        default: return nil
        }
    }

    // MARK: - Paths

    /// A Tuist `Path` as a root-relative path: a string or `.relativeToManifest(...)` from the
    /// manifest's folder, `.relativeToRoot(...)` from the Tuist root,
    /// `.relativeToCurrentFile(...)` from the file that wrote it.
    func path(_ value: ManifestValue) -> String? {
        switch value {
        case .string(let text, _):
            return Manifest.join(layout.directory, text)
        case .call(let call):
            guard let text = call.firstUnlabelled?.string ?? call["stringLiteral"]?.string ?? call["path"]?.string else { return nil }
            switch call.name {
            case "relativeToRoot": return Manifest.join(layout.root, text)
            case "relativeToManifest", "path", "Path", "init": return Manifest.join(layout.directory, text)
            case "relativeToCurrentFile":
                return Manifest.join(RepositoryPath.folder(of: location(call.line).file), text)
            default: return nil
            }
        default:
            return nil
        }
    }

    // MARK: - Dependencies

    /// A `TargetDependency` value as a declared dependency; nil when it is not one.
    func dependency(_ value: ManifestValue) -> DeclaredDependency? {
        if case .member("xctest") = value {
            return DeclaredDependency(name: "XCTest", kind: .sdk, evidence: Location(file: path))
        }
        guard case .call(let call) = value else { return nil }
        let evidence = location(call.line)
        func named(_ label: String) -> String? { call[label]?.string ?? call.firstUnlabelled?.string }
        switch call.name {
        case "target", "macro":
            guard let name = named("name") ?? call.firstUnlabelled?.call?["name"]?.string else { return nil }
            return DeclaredDependency(name: name, kind: .target, evidence: evidence)
        case "project":
            guard let name = named("target"), let folder = call["path"].flatMap(path) else { return nil }
            return DeclaredDependency(name: name, kind: .project, package: folder, evidence: evidence)
        case "external":
            return named("name").map { DeclaredDependency(name: $0, kind: .external, evidence: evidence) }
        case "package":
            return named("product").map { DeclaredDependency(name: $0, kind: .product, evidence: evidence) }
        case "sdk":
            guard var name = named("name") else { return nil }
            for suffix in [".framework", ".tbd"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
            return DeclaredDependency(name: name, kind: .sdk, evidence: evidence)
        case "xcframework", "framework", "library", "bundle":
            guard let binary = call["path"].flatMap(path) else { return nil }
            let file = RepositoryPath.name(of: binary)
            let name = file.split(separator: ".").first.map(String.init) ?? file
            return DeclaredDependency(name: name, kind: .binary, package: binary, evidence: evidence)
        case "xctest":
            return DeclaredDependency(name: "XCTest", kind: .sdk, evidence: evidence)
        default:
            return nil
        }
    }
}
