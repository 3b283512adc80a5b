import StrataModel
import StrataPropertyList

/// What an Xcode target declares it depends on, each with the pbxproj line of its entry:
///
/// - `dependencies` (target dependencies): a target of the same project (`.target`), a target
///   of another project through a container proxy (`.project`, `package` = that `.xcodeproj`'s
///   path when it is in the repository), or a package product;
/// - `packageProductDependencies`: Swift package products (`.product`, `package` = the identity
///   of the remote URL or local folder);
/// - the Frameworks build phase: products of other targets of the project (`.target`), SDK
///   frameworks and libraries (`.sdk`), `.xcframework`s and prebuilt frameworks or libraries in
///   the repository (`.binary`), products built elsewhere in the workspace (`.byName`).
///   CocoaPods' umbrella products (`Pods_App.framework`, `libPods-App.a`) are skipped: the
///   Podfile describes those dependencies. Build-tool plugins (`plugin:`) are not linked and
///   are skipped too.
///
/// A dependency named twice (a target dependency and its linked product) is kept once.
struct XcodeTargetDependencies {
    let file: XcodeProjectFile
    let files: [String]
    /// Native targets by id.
    let targetNames: [String: String]
    /// Targets Strata does not read (aggregate, legacy): dependencies on them are dropped.
    let skippedTargets: Set<String>
    /// The target that builds each product file reference, by the reference's id.
    private var productOwners: [String: String] = [:]
    /// The target that builds each product, by the product's file name (`Core.framework`).
    private var productNames: [String: String] = [:]

    init(file: XcodeProjectFile, files: [String], targetNames: [String: String], skippedTargets: Set<String>) {
        self.file = file
        self.files = files
        self.targetNames = targetNames
        self.skippedTargets = skippedTargets
        for (id, name) in targetNames.sorted(by: { $0.key < $1.key }) {
            guard let reference = file[id]?["productReference"]?.string else { continue }
            productOwners[reference] = name
            if let path = file[reference]?["path"]?.string {
                productNames[RepositoryPath.name(of: path)] = productNames[RepositoryPath.name(of: path)] ?? name
            }
        }
    }

    func dependencies(of target: PropertyListDictionary, name: String) -> [DeclaredDependency] {
        var result: [DeclaredDependency] = []
        struct Key: Hashable { var kind: DependencyKind, name: String }
        var seen: Set<Key> = []
        func add(_ dependency: DeclaredDependency?) {
            guard let dependency, dependency.name != name || dependency.kind != .target else { return }
            if seen.insert(Key(kind: dependency.kind, name: dependency.name)).inserted { result.append(dependency) }
        }
        for entry in file.ids(target, "dependencies") {
            add(targetDependency(entry.id, line: entry.line))
        }
        for entry in file.ids(target, "packageProductDependencies") {
            add(productDependency(entry.id, line: entry.line))
        }
        for phase in file.ids(target, "buildPhases").compactMap({ file[$0.id] }) where phase["isa"]?.string == "PBXFrameworksBuildPhase" {
            for entry in file.ids(phase, "files") {
                guard let buildFile = file[entry.id] else { continue }
                if let product = buildFile["productRef"]?.string {
                    add(productDependency(product, line: entry.line))
                } else if let reference = buildFile["fileRef"]?.string {
                    add(linkedFile(reference, line: entry.line))
                }
            }
        }
        return result
    }

    private func evidence(_ line: Int) -> Location { Location(file: file.path, line: line) }

    private func targetDependency(_ id: String, line: Int) -> DeclaredDependency? {
        guard let dependency = file[id] else { return nil }
        if let targetID = dependency["target"]?.string {
            if skippedTargets.contains(targetID) { return nil }
            if let name = targetNames[targetID] { return DeclaredDependency(name: name, kind: .target, evidence: evidence(line)) }
        }
        if let product = dependency["productRef"]?.string { return productDependency(product, line: line) }
        guard let proxyID = dependency["targetProxy"]?.string else { return nil }
        return proxied(proxyID, line: line)
    }

    /// A `PBXContainerItemProxy`: a target of this project, or of the project file it points at.
    private func proxied(_ proxyID: String, line: Int) -> DeclaredDependency? {
        guard let proxy = file[proxyID], let portal = proxy["containerPortal"]?.string else { return nil }
        let remoteID = proxy["remoteGlobalIDString"]?.string ?? ""
        let remoteInfo = proxy["remoteInfo"]?.string
        if portal == file.rootID {
            if skippedTargets.contains(remoteID) { return nil }
            guard let name = targetNames[remoteID] ?? remoteInfo else { return nil }
            return DeclaredDependency(name: name, kind: .target, evidence: evidence(line))
        }
        guard let remoteInfo else { return nil }
        return DeclaredDependency(name: remoteInfo, kind: .project, package: projectPath(portal), evidence: evidence(line))
    }

    /// The repository path of another `.xcodeproj` a proxy points into. Xcode often stores it
    /// as an absolute path of the author's machine; then the one project of that name in the
    /// repository is meant, if there is exactly one.
    private func projectPath(_ reference: String) -> String? {
        if case .repository(let path)? = file.place(of: reference) { return path }
        guard let path = file[reference]?["path"]?.string else { return nil }
        let suffix = "/" + RepositoryPath.name(of: path) + "/project.pbxproj"
        let candidates = files.filter { $0.hasSuffix(suffix) || "/" + $0 == suffix }
        guard candidates.count == 1 else { return nil }
        return RepositoryPath.folder(of: candidates[0])
    }

    private func productDependency(_ id: String, line: Int) -> DeclaredDependency? {
        guard let product = file[id], var name = product["productName"]?.string else { return nil }
        if name.hasPrefix("plugin:") { return nil }
        if name.isEmpty { name = "?" }
        return DeclaredDependency(name: name, kind: .product, package: package(product["package"]?.string), evidence: evidence(line))
    }

    /// A package reference's identity, as SwiftPM spells it: the last component of the URL
    /// without `.git`, or of the local folder. Nil for a local package at or above the
    /// repository root, whose identity Strata cannot tell (its products are then looked up
    /// by name).
    private func package(_ id: String?) -> String? {
        guard let id, let reference = file[id] else { return nil }
        if let url = reference["repositoryURL"]?.string {
            var last = RepositoryPath.name(of: url)
            if last.hasSuffix(".git") { last.removeLast(4) }
            return last.isEmpty ? nil : last
        }
        guard let relative = reference["relativePath"]?.string else { return nil }
        guard let joined = Manifest.joinInside(file.folder, relative), !joined.isEmpty else { return nil }
        return RepositoryPath.name(of: joined)
    }

    private func linkedFile(_ reference: String, line: Int) -> DeclaredDependency? {
        if let owner = productOwners[reference] { return DeclaredDependency(name: owner, kind: .target, evidence: evidence(line)) }
        guard let object = file[reference] else { return nil }
        if object["isa"]?.string == "PBXReferenceProxy", let proxy = object["remoteRef"]?.string {
            return proxied(proxy, line: line)
        }
        guard let path = object["path"]?.string ?? object["name"]?.string else { return nil }
        let fileName = RepositoryPath.name(of: path)
        let (stem, fileExtension) = Self.split(fileName)
        if stem.hasPrefix("Pods_") || stem.hasPrefix("libPods-") || stem.hasPrefix("Pods-") { return nil }
        if fileExtension == "xcframework" { return DeclaredDependency(name: stem, kind: .binary, evidence: evidence(line)) }
        switch file.place(of: reference) {
        case .outside(let tree, _)? where tree == "SDKROOT" || tree == "DEVELOPER_DIR":
            return DeclaredDependency(name: stem, kind: .sdk, evidence: evidence(line))
        case .outside(let tree, _)? where tree == "BUILT_PRODUCTS_DIR":
            if let owner = productNames[fileName] { return DeclaredDependency(name: owner, kind: .target, evidence: evidence(line)) }
            let module = fileExtension == "a" && stem.hasPrefix("lib") ? String(stem.dropFirst(3)) : stem
            return DeclaredDependency(name: module, kind: .byName, evidence: evidence(line))
        default:
            if path.hasPrefix("System/Library/") || path.hasPrefix("usr/lib/") {
                return DeclaredDependency(name: stem, kind: .sdk, evidence: evidence(line))
            }
            return DeclaredDependency(name: stem, kind: .binary, evidence: evidence(line))
        }
    }

    /// `UIKit.framework` -> (`UIKit`, `framework`).
    static func split(_ fileName: String) -> (stem: String, fileExtension: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return (fileName, "") }
        return (String(fileName[..<dot]), String(fileName[fileName.index(after: dot)...]))
    }
}
