import StrataModel
import StrataSourceTree

/// One manifest as Strata understands it, before its targets are matched to files: a
/// `Package.swift`, a Tuist `Project.swift`, a podspec, a Podfile, an Xcode project or a
/// Bazel `BUILD` file.
public struct Manifest: Sendable {
    public var name: String
    public var system: BuildSystem
    /// The manifest path, relative to the repository root.
    public var path: String
    public var products: [Product]
    public var localDependencies: [String]
    public var remoteDependencies: [String]
    /// The remote packages a `Package.swift` depends on, with the version each asks for.
    public var remotePackages: [PackageReference] = []
    public var targets: [Target]
    public var diagnostics: [Diagnostic]
    /// A manifest that declares nothing (a `Package.swift` with no `Package(...)`), whose
    /// targets are guessed from the folders beside it: used only when no other manifest
    /// describes its folder.
    public var guessed = false
    /// Files read from outside the tree to read it (another Bazel repository's `.bzl` files in
    /// Bazel's output base), each with its content hash: what a kept result must also match.
    public var externalInputs: [String] = []

    public init(
        name: String, system: BuildSystem, path: String, products: [Product] = [], localDependencies: [String] = [],
        remoteDependencies: [String] = [], targets: [Target], diagnostics: [Diagnostic] = []
    ) {
        self.name = name
        self.system = system
        self.path = path
        self.products = products
        self.localDependencies = localDependencies
        self.remoteDependencies = remoteDependencies
        self.targets = targets
        self.diagnostics = diagnostics
    }

    public struct Target: Sendable {
        public var name: String
        /// The name `import` uses, when it is not the target name made an identifier.
        public var importName: String?
        public var kind: ModuleKind
        /// The product type as written (`staticFramework`, `com.apple.product-type.app`).
        public var product: String?
        /// Nil when the manifest does not decide it: discovery then applies the system's default
        /// (for pods, the Podfile's `use_frameworks!`).
        public var linkage: Linkage?
        public var sources: Sources
        public var dependencies: [DeclaredDependency]
        /// For a Podfile target: the linkage `use_frameworks!` gives the pods it pulls in.
        public var podLinkage: Linkage?
        public var line: Int
        /// The file `line` is in, when not the manifest itself (a target of an included
        /// XcodeGen spec).
        public var file: String?
        /// The platforms the target is built for, when the manifest says.
        public var platforms: [String]?
        /// The Swift language mode (`6`, `5`, `4.2`), when the manifest decides it.
        public var languageMode: String?
        /// The upcoming and experimental compiler features it enables, sorted; nil for none.
        public var features: [String]?
        /// Where a C, Objective-C or mixed target's public headers are, when the manifest says
        /// (`publicHeadersPath`, Bazel's `hdrs`); nil for the system's default.
        public var publicHeaders: PublicHeaderSpec?

        /// Where the target is declared, for evidence.
        func location(in manifest: Manifest) -> Location {
            Location(file: file ?? manifest.path, line: line > 0 ? line : nil)
        }

        public init(
            name: String, importName: String? = nil, kind: ModuleKind, platforms: [String]? = nil, product: String? = nil,
            linkage: Linkage? = nil, sources: Sources, dependencies: [DeclaredDependency] = [], podLinkage: Linkage? = nil, line: Int
        ) {
            self.platforms = platforms
            self.name = name
            self.importName = importName
            self.kind = kind
            self.product = product
            self.linkage = linkage
            self.sources = sources
            self.dependencies = dependencies
            self.podLinkage = podLinkage
            self.line = line
        }
    }

    /// Where a target's public headers are, as its manifest writes it.
    public enum PublicHeaderSpec: Sendable {
        /// SwiftPM's `publicHeadersPath`, relative to the target's folder.
        case folder(String)
        /// Headers one by one, relative to the root (Bazel's `hdrs`), and the folders, relative
        /// to the root, that includes of them are written from (Bazel's `includes`).
        case files([String], includes: [String])
        /// Globs relative to the root (a podspec's `public_header_files`, else its `source_files`).
        case globs([String], exclude: [String])
    }

    /// Which files make a target.
    public enum Sources: Sendable {
        /// SwiftPM's layout: `path:` relative to the package directory (else `Sources/<Name>`),
        /// narrowed by `sources:` and `exclude:`. A file belongs to the innermost package.
        case package(path: String?, sources: [String]?, exclude: [String])
        /// Globs relative to the repository root (Tuist `sources:`, podspec `source_files`,
        /// Xcode file references and synchronized folders); a file may belong to several targets.
        case globs(include: [String], exclude: [String])
        /// Files listed one by one relative to the root (a Bazel rule's `srcs`), and the folder
        /// the module lives in (its package's), which holds no file when the target has none.
        case files(directory: String, paths: [String])
        /// The target adds its dependencies to the module of the same name that another
        /// manifest defines (a Podfile target names an Xcode target); if no manifest does,
        /// it takes the files of these globs.
        case amends(fallback: [String])
    }

    /// The directory that holds the manifest, relative to the root ("" for the root).
    public var directory: String {
        RepositoryPath.folder(of: path)
    }

    public var info: PackageInfo {
        PackageInfo(
            name: name, system: system, manifest: path, products: products,
            localDependencies: localDependencies, remoteDependencies: remoteDependencies)
    }

    /// The features an Xcode-style build settings dictionary enables: `SWIFT_UPCOMING_FEATURE_X
    /// = YES` (`MEMBER_IMPORT_VISIBILITY` is `MemberImportVisibility`) and
    /// `-enable-upcoming-feature X` or `-enable-experimental-feature X` in `OTHER_SWIFT_FLAGS`;
    /// nil for none.
    public static func features(buildSettings: [String: String]) -> [String]? {
        var found: Set<String> = []
        for (key, value) in buildSettings where key.hasPrefix(upcomingSettingPrefix) && ["YES", "yes", "1", "true"].contains(value) {
            let words = key.dropFirst(upcomingSettingPrefix.count).split(separator: "_")
            found.insert(words.map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined())
        }
        if let flags = buildSettings["OTHER_SWIFT_FLAGS"] {
            found.formUnion(features(flags: flags.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)))
        }
        return found.isEmpty ? nil : found.sorted()
    }

    static let upcomingSettingPrefix = "SWIFT_UPCOMING_FEATURE_"

    /// The features compiler flags enable: `-enable-upcoming-feature X`,
    /// `-enable-experimental-feature X` (either with `-Xfrontend` between, or `=X`).
    public static func features(flags: [String]) -> [String] {
        let flags = flags.filter { $0 != "-Xfrontend" && $0 != "-Xswiftc" }
        var found: [String] = []
        for (index, flag) in flags.enumerated() {
            for option in ["-enable-upcoming-feature", "-enable-experimental-feature"] {
                if flag == option, index + 1 < flags.count {
                    found.append(flags[index + 1])
                } else if flag.hasPrefix(option + "=") {
                    found.append(String(flag.dropFirst(option.count + 1)))
                }
            }
        }
        // The feature's name: `Feature:migrate` (a mode), `StrictConcurrency=complete` (a value).
        return found.map { String($0.split(whereSeparator: { $0 == ":" || $0 == "=" }).first ?? "") }.filter { !$0.isEmpty }
    }

    /// A language mode as written (`5.0`, `.v4_2`, `6`) in the compiler's words (`5`, `4.2`,
    /// `6`); nil for what is not one.
    public static func languageMode(_ written: String) -> String? {
        let text = written.hasPrefix(".v") ? String(written.dropFirst(2)).replacingOccurrences(of: "_", with: ".") : written
        guard let version = SwiftToolsVersion(text) else { return nil }
        return version.minor == 0 || version.major >= 5 ? String(version.major) : "\(version.major).\(version.minor)"
    }

    /// `relative` (which may use `.` and `..`) joined to `directory`, normalized.
    public static func join(_ directory: String, _ relative: String) -> String {
        var parts = directory.isEmpty ? [] : directory.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }

    /// `relative` joined to `directory` as `join` does, but nil if a `..` climbs above the
    /// root instead of stopping there.
    public static func joinInside(_ directory: String, _ relative: String) -> String? {
        var parts = directory.isEmpty ? [] : directory.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/") where part != "." {
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}

/// Reads one kind of manifest. Readers never run manifest code: what they cannot evaluate
/// becomes a diagnostic naming the manifest and line, and the rest is kept.
public protocol ManifestReader: Sendable {
    /// Whether the file at `path` (relative to the root) is a manifest this reader reads.
    static func accepts(_ path: String) -> Bool
    /// Reads the manifest at `path`. `files` is every file of the tree, sorted, for readers
    /// that need neighbours (Tuist helpers, a workspace's projects).
    static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest]
}

/// A remote package a manifest depends on: where it lives and what version it asks for, as
/// written (`from: 1.2.0`, `.upToNextMinor(from: 1.5.0)`, `exact: 1.2.0`, `branch: main`,
/// `1.0.0..<2.0.0`); nil when the manifest says nothing the reader knows.
public struct PackageReference: Equatable, Sendable {
    public var location: String
    public var requirement: String?

    public init(location: String, requirement: String?) {
        self.location = location
        self.requirement = requirement
    }
}
