import StrataModel
import StrataSourceTree

/// XcodeGen specs (`project.yml`): the targets an `.xcodeproj` would be generated with, read
/// with Yams without running XcodeGen. Supports `include:` (merged by XcodeGen's rules, paths
/// in an included spec relative to its folder), `targetTemplates` with `${target_name}` and
/// `${platform}`, multi-platform targets (`platform: [iOS, tvOS]` makes `Name_iOS`,
/// `Name_tvOS` unless `platformPrefix`/`platformSuffix` say otherwise), `sources` with
/// `excludes`/`includes`, every dependency spelling (target, framework, package products,
/// sdk, carthage, bundle), `packages:`, and product types and `MACH_O_TYPE` for linkage.
/// Environment variables (`${VAR}` not set by XcodeGen itself) are left as written. Targets
/// come sorted by name, as in the generated project.
public enum XcodeGenReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool {
        let name = RepositoryPath.name(of: path)
        return name == "project.yml" || name == "project.yaml"
    }

    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] {
        var diagnostics: [Diagnostic] = []
        let directory = RepositoryPath.folder(of: path)
        guard let spec = try load(path, tree: tree, directory: directory, diagnostics: &diagnostics, depth: 0),
            let name = spec["name"]?.string, spec["targets"] != nil
        else { return [] }  // Some other tool's project.yml.
        let swiftFiles = files.filter(\.hasSwiftExtension)
        let templates = spec["targetTemplates"]?.entries ?? []
        var targets: [Manifest.Target] = []
        for (targetName, written) in spec["targets"]?.entries ?? [] {
            var body = applyTemplates(to: written, named: targetName, templates: templates, diagnostics: &diagnostics)
            let platforms = body["platform"]?.items.compactMap(\.string) ?? []
            var multi = false
            if case .list? = body["platform"] { multi = !platforms.isEmpty }
            for platform in multi ? platforms : [platforms.first ?? ""] {
                let finalName: String
                if multi {
                    let prefix = body["platformPrefix"]?.string ?? ""
                    let suffix = body["platformSuffix"]?.string ?? "_\(platform)"
                    finalName = prefix.replacingOccurrences(of: "$platform", with: platform) + targetName
                        + suffix.replacingOccurrences(of: "${platform}", with: platform).replacingOccurrences(of: "$platform", with: platform)
                } else {
                    finalName = targetName
                }
                body = body.substituting(["platform": platform])
                var made = target(
                    finalName, importName: multi ? targetName : nil, body: body, at: written.location, directory: directory,
                    files: files, swiftFiles: swiftFiles, diagnostics: &diagnostics)
                if multi { made.platforms = [platform] }
                targets.append(made)
            }
        }
        var local: [String] = [], remote: [String] = []
        for (_, package) in spec["packages"]?.entries ?? [] {
            if let url = package["url"]?.string ?? package["github"]?.string.map({ "https://github.com/\($0)" }) { remote.append(url) }
            if let folder = package["path"]?.string { local.append(Manifest.join(directory, folder)) }
        }
        return [Manifest(
            name: name, system: .xcodegen, path: path, localDependencies: local.sorted(), remoteDependencies: remote.sorted(),
            targets: targets.sorted { $0.name < $1.name }, diagnostics: diagnostics)]
    }

    /// The spec at `path` with its includes merged under it.
    static func load(_ path: String, tree: any SourceTree, directory root: String, diagnostics: inout [Diagnostic], depth: Int) throws -> XcodeGenValue? {
        let bytes = try tree.read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            diagnostics.append(Diagnostic(file: path, message: "not valid UTF-8; the spec is left out"))
            return nil
        }
        let parsed: XcodeGenValue?
        do {
            parsed = try XcodeGenValue.parse(text, file: path)
        } catch {
            diagnostics.append(Diagnostic(file: path, message: "not valid YAML: \(error)"))
            return nil
        }
        guard var spec = parsed else { return nil }
        let folder = RepositoryPath.folder(of: path)
        if folder != root { spec = relocated(spec, from: folder, to: root) }
        var merged: XcodeGenValue = .map([], spec.location)
        for include in spec["include"]?.items ?? [] {
            guard let relative = include.string ?? include["path"]?.string else { continue }
            let included = Manifest.join(folder, relative)
            guard depth < 16 else {
                diagnostics.append(Diagnostic(file: path, line: include.location.line, message: "includes nested more than 16 deep; \(relative) is left out"))
                continue
            }
            do {
                if let value = try load(included, tree: tree, directory: root, diagnostics: &diagnostics, depth: depth + 1) {
                    merged = merged.merged(with: value)
                }
            } catch {
                diagnostics.append(Diagnostic(
                    file: path, line: include.location.line,
                    message: "included spec \(included) is not in the repository (\(error)); the spec is read without it"))
            }
        }
        return merged.merged(with: .map(spec.entries.filter { $0.key != "include" }, spec.location))
    }

    /// An included spec's source paths, written relative to its own folder, made relative to
    /// the including spec's folder (XcodeGen's `relativePaths`, on by default).
    static func relocated(_ spec: XcodeGenValue, from folder: String, to root: String) -> XcodeGenValue {
        let prefix = relativePath(from: root, to: folder)
        func move(_ path: String) -> String { prefix.isEmpty ? path : prefix + "/" + path }
        func sources(_ value: XcodeGenValue) -> XcodeGenValue {
            switch value {
            case .scalar(let path, let location): return .scalar(move(path), location)
            case .list(let items, let location): return .list(items.map(sources), location)
            case .map(let entries, let location):
                return .map(entries.map { entry in
                    guard entry.key == "path", case .scalar(let path, let at) = entry.value else { return entry }
                    return (entry.key, .scalar(move(path), at))
                }, location)
            }
        }
        func targets(_ value: XcodeGenValue) -> XcodeGenValue {
            .map(value.entries.map { name, target in
                (name, .map(target.entries.map { $0.key.hasPrefix("sources") ? ($0.key, sources($0.value)) : $0 }, target.location))
            }, value.location)
        }
        return .map(spec.entries.map { entry in
            entry.key.hasPrefix("targets") || entry.key.hasPrefix("targetTemplates") ? (entry.key, targets(entry.value)) : entry
        }, spec.location)
    }

    static func relativePath(from root: String, to folder: String) -> String {
        let from = root.split(separator: "/"), to = folder.split(separator: "/")
        let common = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)).joined(separator: "/")
    }

    /// The target with its templates merged under it, in order, templates of templates first.
    static func applyTemplates(
        to target: XcodeGenValue, named name: String, templates: [(key: String, value: XcodeGenValue)], diagnostics: inout [Diagnostic],
        depth: Int = 0
    ) -> XcodeGenValue {
        var merged: XcodeGenValue = .map([], target.location)
        for reference in target["templates"]?.items ?? [] {
            guard let templateName = reference.string else { continue }
            guard let template = templates.last(where: { $0.key == templateName })?.value, depth < 16 else {
                diagnostics.append(Diagnostic(
                    file: reference.location.file, line: reference.location.line,
                    message: "target template \(templateName) is not defined in targetTemplates; target \(name) is read without it"))
                continue
            }
            merged = merged.merged(with: applyTemplates(to: template, named: name, templates: templates, diagnostics: &diagnostics, depth: depth + 1))
        }
        let body = merged.merged(with: .map(target.entries.filter { $0.key != "templates" }, target.location))
        return body.substituting(["target_name": name])
    }

    static func target(
        _ name: String, importName: String?, body: XcodeGenValue, at location: Location, directory: String, files: [String],
        swiftFiles: [String], diagnostics: inout [Diagnostic]
    ) -> Manifest.Target {
        let typeName = body["type"]?.string ?? ""
        let product = XcodeProductType("com.apple.product-type." + typeName)
        var linkage = Linkage(product.linkage, evidence: body["type"]?.location, reason: "type: \(typeName)")
        if let machO = machOType(body["settings"]), let kind = XcodeProductType.linkage(machOType: machO.value) {
            linkage = Linkage(kind, evidence: machO.location, reason: "MACH_O_TYPE = \(machO.value)")
        }
        if product.kind == nil {
            diagnostics.append(Diagnostic(file: location.file, line: location.line, message: "target \(name) has type '\(typeName)', which Strata does not know; read as a library"))
        }
        // Each source's `excludes` and `includes` apply to that source only, so a source that
        // has them is resolved to its files here; a plain folder stays a glob.
        var include: [String] = []
        for source in body["sources"]?.items ?? [] {
            guard let path = source.string ?? source["path"]?.string else { continue }
            if source["buildPhase"]?.string == "resources" || source["buildPhase"]?.string == "none" { continue }
            let joined = Manifest.join(directory, path)
            guard !files.containsSorted(joined) else {
                include.append(joined)
                continue
            }
            let includes = source["includes"]?.items.compactMap(\.string) ?? []
            // An excluded folder (`excludes: [FirebaseConfig]`) takes its contents with it.
            let excludes = (source["excludes"]?.items.compactMap(\.string) ?? []).flatMap { [joined + "/" + $0, joined + "/" + $0 + "/**"] }
            if includes.isEmpty && excludes.isEmpty {
                include.append(joined + "/**")
            } else {
                let patterns = includes.isEmpty ? [joined + "/**"] : includes.map { joined + "/" + $0 }
                include += Discoverer.files(in: swiftFiles, matching: patterns, excluding: excludes)
            }
        }
        let dependencies = (body["dependencies"]?.items ?? []).compactMap { dependency(directory: directory, $0) }
        var target = Manifest.Target(
            name: name, importName: importName ?? productName(body), kind: product.kind ?? .library,
            product: product.kind == nil ? typeName : product.identifier, linkage: linkage,
            sources: .globs(include: include, exclude: []), dependencies: dependencies, line: location.line ?? 0)
        target.file = location.file
        let settings = body["settings"]
        target.languageMode = (settings?["base"]?["SWIFT_VERSION"] ?? settings?["SWIFT_VERSION"])?.string.flatMap(Manifest.languageMode)
        var values: [String: String] = [:]
        for (key, value) in (settings?["base"]?.entries ?? []) + (settings?.entries ?? []) where key != "base" {
            values[key] = values[key] ?? value.string ?? value.items.compactMap(\.string).joined(separator: " ")
        }
        target.features = Manifest.features(buildSettings: values)
        if let platform = body["platform"]?.string, !platform.isEmpty, !platform.contains("$") {
            target.platforms = [platform == "auto" ? "iOS" : platform]
        } else if let destinations = body["supportedDestinations"]?.items.compactMap(\.string), !destinations.isEmpty {
            target.platforms = Array(Set(destinations.map { $0 == "macCatalyst" ? "iOS" : $0 })).sorted()
        }
        return target
    }

    /// `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME`, when set plainly: the module `import` uses.
    static func productName(_ body: XcodeGenValue) -> String? {
        guard let settings = body["settings"] else { return nil }
        for key in ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"] {
            if let value = settings["base"]?[key]?.string ?? settings[key]?.string, !value.contains("$") {
                return DiscoveredModule.moduleName(forTarget: value)
            }
        }
        return nil
    }

    /// `MACH_O_TYPE` in `settings:` or `settings.base:`.
    static func machOType(_ settings: XcodeGenValue?) -> (value: String, location: Location)? {
        guard let settings else { return nil }
        let value = settings["base"]?["MACH_O_TYPE"] ?? settings["MACH_O_TYPE"]
        return value?.string.map { ($0, value!.location) }
    }

    static func dependency(directory: String, _ value: XcodeGenValue) -> DeclaredDependency? {
        let evidence = value.location
        if let target = value["target"]?.string {
            // `Project/Target` names a target of another project.
            return DeclaredDependency(name: String(target.split(separator: "/").last ?? Substring(target)), kind: .target, evidence: evidence)
        }
        if let package = value["package"]?.string {
            let product = value["product"]?.string ?? value["products"]?.items.first?.string ?? package
            return DeclaredDependency(name: product, kind: .product, package: package, evidence: evidence)
        }
        if let sdk = value["sdk"]?.string {
            return DeclaredDependency(name: bareName(sdk), kind: .sdk, evidence: evidence)
        }
        if let framework = value["framework"]?.string ?? value["carthage"]?.string ?? value["bundle"]?.string {
            return DeclaredDependency(name: bareName(framework), kind: .binary, evidence: evidence)
        }
        return nil
    }

    /// `UIKit` for `UIKit.framework`, `libz` for `libz.tbd`, `Vendor` for `Carthage/Build/Vendor.xcframework`.
    static func bareName(_ path: String) -> String {
        let name = RepositoryPath.name(of: path)
        return name.split(separator: ".").first.map(String.init) ?? name
    }
}
