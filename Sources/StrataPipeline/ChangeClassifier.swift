import StrataAnalysis
import StrataDiscovery
import StrataModel
import StrataSourceTree

/// What one changed file is to the build, and the modules it touches itself: a module's
/// source or resource, a manifest (the modules whose declaration changed), a
/// `Package.resolved` (the modules using a package whose pin changed), `strata.yml`
/// (nothing), or a file no module owns.
struct ChangeClassifier {
    let modules: [AssembledModule]
    let ownership: FileOwnership
    /// HEAD's modules whose declaration differs from BASE's (new ones included); nil without BASE.
    let redeclared: Set<String>?
    /// BASE's modules by the Swift files they compiled, for files deleted with their module.
    let baseCompilers: [String: String]
    let baseTree: (any SourceTree)?
    let headTree: any SourceTree
    let excludes: PathFilter
    let configurationFile: String
    let unowned: AffectedAnalysis.UnownedPolicy
    /// Files HEAD's manifests read besides themselves (an XcodeGen spec's includes): a change to
    /// one is a manifest change, whatever its name.
    let manifestInputs: Set<String>

    /// - Parameter added: files added or deleted by the change: a module's file list that
    ///   differs by them alone is not a declaration that changed.
    init(
        head: Project, headDiscovery: Discovery, baseDiscovery: Discovery?, baseTree: (any SourceTree)?, headTree: any SourceTree,
        excludes: PathFilter, configurationFile: String, unowned: AffectedAnalysis.UnownedPolicy, addedOrDeleted: Set<String>,
        manifestInputs: Set<String>
    ) {
        modules = head.modules
        self.manifestInputs = manifestInputs
        let sources = Dictionary(headDiscovery.modules.map { ($0.name, $0.sourceFiles) }, uniquingKeysWith: { $0 + $1 })
        ownership = FileOwnership(modules: head.modules, sources: sources)
        if let baseDiscovery {
            let before = Dictionary(
                baseDiscovery.modules.map { ($0.id, Declaration($0, ignoring: addedOrDeleted)) }, uniquingKeysWith: { first, _ in first })
            redeclared = Set(headDiscovery.modules.filter { before[$0.id] != Declaration($0, ignoring: addedOrDeleted) }.map(\.name))
            var compilers: [String: String] = [:]
            for module in baseDiscovery.modules { for file in module.sourceFiles { compilers[file] = compilers[file] ?? module.name } }
            baseCompilers = compilers
        } else {
            redeclared = nil
            baseCompilers = [:]
        }
        self.baseTree = baseTree
        self.headTree = headTree
        self.excludes = excludes
        self.configurationFile = configurationFile
        self.unowned = unowned
    }

    /// A module's declaration as its manifest gives it, without line numbers: an edit above a
    /// target moves its lines and changes nothing about it.
    struct Declaration: Equatable {
        var fields: [String]
        var dependencies: [String]
        var sourceFiles: [String]

        init(_ module: DiscoveredModule, ignoring files: Set<String>) {
            fields = [
                module.name, module.importName, module.kind.rawValue, module.system.rawValue, module.product ?? "",
                module.linkage.kind.rawValue, module.package, module.path, (module.platforms ?? []).joined(separator: ","),
            ]
            dependencies = module.dependencies.map { "\($0.kind.rawValue) \($0.name) \($0.package ?? "")" }.sorted()
            sourceFiles = module.sourceFiles.filter { !files.contains($0) }
        }
    }

    /// The change, and the reason every module is affected when it makes them all.
    func classify(_ path: String, status: FileChange.Status) -> (change: FileChange, everything: String?) {
        if path == configurationFile {
            return (FileChange(path: path, status: status, kind: .configuration, note: "read by Strata only; affects nothing that builds"), nil)
        }
        if RepositoryPath.name(of: path) == "Package.resolved" {
            return (lockfile(path, status: status, kind: .packages), nil)
        }
        if RepositoryPath.name(of: path) == "Podfile.lock" {
            return (lockfile(path, status: status, kind: .pods), nil)
        }
        if Discoverer.readsFile(path) || manifestInputs.contains(path) {
            return manifest(path, status: status)
        }
        if let owners = ownership.owners(of: path) {
            return (FileChange(path: path, status: status, kind: owners.kind, modules: owners.modules), nil)
        }
        if status == .deleted, let module = baseCompilers[path] {
            return (FileChange(path: path, status: status, kind: .source, note: "compiled by \(module), which is gone"), nil)
        }
        return unownedFile(path, status: status)
    }

    private func manifest(_ path: String, status: FileChange.Status) -> (change: FileChange, everything: String?) {
        let declared = Set(modules.filter { module in
            module.manifest?.file == path || module.alsoDeclaredIn.contains { $0.file == path }
                || module.id.manifest == path
        }.map(\.name))
        guard let redeclared else {
            if declared.isEmpty {
                return (FileChange(path: path, status: status, kind: .manifest), "\(path) \(status.verb), declaring no module itself, and there is no BASE to compare it with")
            }
            return (FileChange(path: path, status: status, kind: .manifest, modules: declared.sorted(), note: "no BASE to compare with: every module it declares"), nil)
        }
        let touched = declared.isEmpty ? redeclared : declared.intersection(redeclared)
        if !touched.isEmpty {
            return (FileChange(path: path, status: status, kind: .manifest, modules: touched.sorted(), note: "declaration changed"), nil)
        }
        if !declared.isEmpty {
            return (FileChange(
                path: path, status: status, kind: .manifest, modules: declared.sorted(),
                note: "changed where Strata does not read (settings, flags, resources): every module it declares"), nil)
        }
        if status == .deleted {
            return (FileChange(path: path, status: status, kind: .manifest, note: "declared no module of HEAD"), nil)
        }
        return (FileChange(path: path, status: status, kind: .manifest), "\(path) \(status.verb): read by manifests, but no declaration Strata reads changed")
    }

    /// What a lockfile pins: SwiftPM packages (`Package.resolved`) or pods (`Podfile.lock`).
    enum Lock {
        case packages, pods

        var noun: String { self == .packages ? "package" : "pod" }

        func read(_ bytes: [UInt8]) -> PackagePins? {
            self == .packages ? PackagePins(bytes) : PackagePins.podfileLock(bytes)
        }
    }

    private func lockfile(_ path: String, status: FileChange.Status, kind lock: Lock) -> FileChange {
        let identities = { (module: AssembledModule) in lock == .packages ? externalIdentities(of: module) : pods(of: module) }
        let packageUsers = modules.filter { !identities($0).isEmpty }.map(\.name).sorted()
        let everyUser = "every module that uses a \(lock.noun)"
        guard let baseTree else {
            return FileChange(path: path, status: status, kind: .lockfile, modules: packageUsers, note: "no BASE to compare pins with: \(everyUser)")
        }
        let none = PackagePins(pins: [:])
        let old = status == .added ? none : (try? baseTree.read(path)).flatMap(lock.read)
        let new = status == .deleted ? none : (try? headTree.read(path)).flatMap(lock.read)
        guard let old, let new else {
            return FileChange(path: path, status: status, kind: .lockfile, modules: packageUsers, note: "not readable as a \(RepositoryPath.name(of: path)): \(everyUser)")
        }
        let pins = PackagePins.changes(from: old, to: new)
        guard !pins.isEmpty else {
            return FileChange(path: path, status: status, kind: .lockfile, note: "no pin changed")
        }
        var users = Set<String>()
        var unclaimed: [String] = []
        for pin in pins {
            let direct = modules.filter { identities($0).contains(pin.identity) }.map(\.name)
            if direct.isEmpty { unclaimed.append(pin.identity) } else { users.formUnion(direct) }
        }
        var note = pins.map(\.description).joined(separator: ", ")
        if !unclaimed.isEmpty {
            // A package no module names is a dependency of a package: any user may reach it.
            users.formUnion(packageUsers)
            note += " (\(unclaimed.joined(separator: ", ")) used by no module directly: \(everyUser))"
        }
        return FileChange(path: path, status: status, kind: .lockfile, modules: users.sorted(), note: note)
    }

    /// The pods a module depends on that are not modules of the repository, lowercased.
    private func pods(of module: AssembledModule) -> Set<String> {
        Set(module.dependencies.filter { $0.kind == .pod && ($0.modules?.isEmpty ?? true) }.map { $0.podName.lowercased() })
    }

    /// The package identities a module's external dependencies may stand for.
    private func externalIdentities(of module: AssembledModule) -> Set<String> {
        var identities = Set<String>()
        for dependency in module.dependencies where [.product, .byName, .external].contains(dependency.kind) {
            guard dependency.modules?.isEmpty ?? true else { continue }
            identities.formUnion(PackagePins.identities(of: dependency))
        }
        return identities
    }

    private func unownedFile(_ path: String, status: FileChange.Status) -> (change: FileChange, everything: String?) {
        let everything = "\(path) \(status.verb) and no module owns it"
        switch unowned {
        case .all:
            return (FileChange(path: path, status: status, kind: .unowned, note: "owned by no module: every module affected (--unowned all)"), everything)
        case .ignore:
            return (FileChange(path: path, status: status, kind: .unowned, note: "owned by no module; ignored (--unowned ignore)"), nil)
        case .auto:
            // Whether `--exclude` or strata.yml's `exclude` leaves the path out.
            if excludes.skips(path: path, ignoredFolders: false) {
                return (FileChange(path: path, status: status, kind: .unowned, note: "excluded from the analysis; affects nothing"), nil)
            }
            if FileOwnership.isDocumentation(path), !ownership.isUnderSourceFolder(path) {
                return (FileChange(path: path, status: status, kind: .unowned, note: "documentation; affects nothing that builds"), nil)
            }
            let note = ownership.isUnderSourceFolder(path)
                ? "in a source folder but owned by no module: every module affected"
                : "owned by no module and may be read by the build: every module affected (--unowned ignore to list it only)"
            return (FileChange(path: path, status: status, kind: .unowned, note: note), everything)
        }
    }
}
