import StrataModel
import StrataSourceTree

/// Finds the modules of a repository and their Swift files: every `Package.swift` in the
/// tree (nested packages included), else the directory convention.
public struct Discoverer {
    public let tree: any SourceTree
    /// Replaces static reading of a manifest (`--evaluate-manifests`), given its path
    /// relative to the root.
    public var evaluateManifest: ((String) throws -> PackageManifest)?

    public init(tree: any SourceTree, evaluateManifest: ((String) throws -> PackageManifest)? = nil) {
        self.tree = tree
        self.evaluateManifest = evaluateManifest
    }

    public func discover(files: [String]) -> Discovery {
        var diagnostics: [Diagnostic] = []
        var manifests: [PackageManifest] = []
        for path in files where Self.isManifest(path) {
            do {
                let manifest = try evaluateManifest?(path) ?? SwiftPackageReader.read(try tree.read(path), path: path)
                manifests.append(manifest)
                diagnostics += manifest.diagnostics
            } catch {
                diagnostics.append(Diagnostic(file: path, message: "manifest not read: \(error)"))
            }
        }
        if manifests.isEmpty {
            manifests = [DirectoryConvention.manifest(files: files, rootName: tree.name)]
            diagnostics.append(Diagnostic(
                file: ".", message: "no Package.swift found; modules guessed from the Sources/ and Tests/ folders"))
        }
        let directories = Self.directories(of: files)
        var placed: [(manifest: PackageManifest, target: PackageManifest.Target, directory: String)] = []
        for manifest in manifests {
            for target in manifest.targets where target.kind != .binary {
                guard let directory = Self.directory(of: target, in: manifest, directories: directories) else {
                    diagnostics.append(Diagnostic(
                        file: manifest.path, line: target.line,
                        message: "target \(target.name) has no source directory on disk; left out"))
                    continue
                }
                placed.append((manifest, target, directory))
            }
        }

        // Each Swift file belongs to the innermost package, then to that package's target
        // whose directory is the longest prefix of the file's path.
        let packageRoots = Set(manifests.map(\.directory))
        var targetsByDirectory: [String: [Int]] = [:]
        for (index, entry) in placed.enumerated() { targetsByDirectory[entry.directory, default: []].append(index) }
        var filesByTarget = [[String]](repeating: [], count: placed.count)
        for file in files where file.hasSwiftExtension {
            let ancestors = Self.ancestors(of: file)
            guard let owner = ancestors.first(where: packageRoots.contains) else { continue }
            for directory in ancestors {
                guard let candidates = targetsByDirectory[directory] else {
                    if directory == owner { break }
                    continue
                }
                if let index = candidates.first(where: { placed[$0].manifest.directory == owner }),
                    Self.includes(file, target: placed[index].target, directory: directory)
                {
                    filesByTarget[index].append(file)
                }
                break
            }
        }

        let names = Self.uniqueNames(placed.map { ($0.target.name, $0.manifest) })
        let modules = placed.enumerated().map { index, entry in
            DiscoveredModule(
                name: names[index],
                kind: entry.target.kind, package: entry.manifest.name, path: entry.directory,
                manifest: entry.manifest.path.isEmpty ? nil : Location(file: entry.manifest.path, line: entry.target.line > 0 ? entry.target.line : nil),
                dependencies: entry.target.dependencies, sourceFiles: filesByTarget[index].sorted())
        }
        return Discovery(
            packages: manifests.filter { !$0.path.isEmpty }.map(\.info).sorted { $0.manifest < $1.manifest },
            modules: modules.sorted { $0.name < $1.name },
            diagnostics: diagnostics.sorted())
    }

    /// Whether a path is a SwiftPM manifest (`Package.swift`, at any depth).
    public static func isManifest(_ path: String) -> Bool {
        path == "Package.swift" || path.hasSuffix("/Package.swift")
    }

    /// Target names, qualified where two packages of the repository share one: first with
    /// the package name (`Examples/Client`), then with the manifest's folder.
    static func uniqueNames(_ targets: [(name: String, manifest: PackageManifest)]) -> [String] {
        var counts: [String: Int] = [:]
        for target in targets { counts[target.name, default: 0] += 1 }
        var qualified = targets.map { counts[$0.name] == 1 ? $0.name : "\($0.manifest.name)/\($0.name)" }
        var qualifiedCounts: [String: Int] = [:]
        for name in qualified { qualifiedCounts[name, default: 0] += 1 }
        for index in qualified.indices where qualifiedCounts[qualified[index]]! > 1 {
            let directory = targets[index].manifest.directory
            qualified[index] = (directory.isEmpty ? "." : directory) + "/" + targets[index].name
        }
        return qualified
    }

    /// Folders SwiftPM treats as resources or bundles, whose Swift files are not compiled.
    static let bundleExtensions: Set<Substring> = [
        "docc", "xcassets", "xcdatamodeld", "xcmappingmodel", "bundle", "playground", "lproj",
        "xcframework", "framework", "xcodeproj", "xcworkspace", "swiftpm",
    ]

    /// SwiftPM's layout: `path:` if given, else the first of the conventional folders that exists.
    static func directory(of target: PackageManifest.Target, in manifest: PackageManifest, directories: Set<String>) -> String? {
        let base = manifest.directory
        func join(_ relative: String) -> String {
            var parts = base.isEmpty ? [] : base.split(separator: "/").map(String.init)
            for part in relative.split(separator: "/") {
                if part == "." { continue }
                if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(String(part)) }
            }
            return parts.joined(separator: "/")
        }
        if let path = target.path {
            let directory = join(path)
            return directories.contains(directory) ? directory : nil
        }
        let roots: [String] = switch target.kind {
        case .test: ["Tests", "Sources", "Source", "src", "srcs"]
        case .plugin: ["Plugins"]
        default: ["Sources", "Source", "src", "srcs"]
        }
        return roots.map { join("\($0)/\(target.name)") }.first(where: directories.contains)
    }

    static func includes(_ file: String, target: PackageManifest.Target, directory: String) -> Bool {
        let relative = directory.isEmpty ? file : String(Substring(file.utf8.dropFirst(directory.utf8.count + 1)))
        func under(_ path: String) -> Bool {
            let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            return relative == trimmed || relative.hasPrefix(trimmed.hasSuffix("/") ? trimmed : trimmed + "/")
        }
        if target.exclude.contains(where: under) { return false }
        for component in relative.utf8.split(separator: UInt8(ascii: "/")).dropLast() {
            if let dot = component.lastIndex(of: UInt8(ascii: ".")),
                bundleExtensions.contains(Substring(component[component.index(after: dot)...]))
            {
                return false
            }
        }
        if let sources = target.sources { return sources.contains(where: under) }
        return true
    }

    /// A file's directories, innermost first, ending with "" for the root. Works on UTF-8
    /// bytes: `/` is ASCII, and Character-wise search costs more than the rest of discovery.
    static func ancestors(of file: String) -> [String] {
        var result: [String] = []
        let utf8 = file.utf8
        var end = utf8.endIndex
        while let slash = utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
            result.append(String(Substring(utf8[..<slash])))
            end = slash
        }
        result.append("")
        return result
    }

    static func directories(of files: [String]) -> Set<String> {
        var result: Set<String> = [""]
        for file in files {
            for directory in ancestors(of: file) {
                if !result.insert(directory).inserted { break }
            }
        }
        return result
    }
}

/// Modules from folder names when there is no manifest: `Sources/<Name>` and `Tests/<Name>`,
/// or the whole tree as one module.
enum DirectoryConvention {
    static func manifest(files: [String], rootName: String) -> PackageManifest {
        var names: [String: ModuleKind] = [:]
        for file in files where file.hasSwiftExtension {
            let parts = file.split(separator: "/")
            guard parts.count >= 3 else { continue }
            if parts[0] == "Sources" { names[String(parts[1])] = .library }
            if parts[0] == "Tests" { names[String(parts[1])] = .test }
        }
        var targets = names.sorted { $0.key < $1.key }.map { name, kind in
            PackageManifest.Target(name: name, kind: kind, path: nil, sources: nil, exclude: [], dependencies: [], line: 0)
        }
        if targets.isEmpty {
            targets = [PackageManifest.Target(
                name: DiscoveredModule.moduleName(forTarget: rootName), kind: .library, path: ".",
                sources: nil, exclude: [], dependencies: [], line: 0)]
        }
        return PackageManifest(
            name: rootName, path: "", products: [], localDependencies: [], remoteDependencies: [],
            targets: targets, diagnostics: [])
    }
}
