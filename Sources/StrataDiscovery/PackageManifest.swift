import StrataModel

/// A SwiftPM manifest as Strata understands it, before its targets are matched to files.
public struct PackageManifest: Sendable {
    public var name: String
    /// The manifest path, relative to the repository root.
    public var path: String
    public var products: [Product]
    public var localDependencies: [String]
    public var remoteDependencies: [String]
    public var targets: [Target]
    public var diagnostics: [Diagnostic]

    public struct Target: Sendable {
        public var name: String
        public var kind: ModuleKind
        /// `path:` as written, relative to the package directory.
        public var path: String?
        public var sources: [String]?
        public var exclude: [String]
        public var dependencies: [DeclaredDependency]
        public var line: Int
    }

    /// The directory that holds the manifest, relative to the root ("" for the root).
    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    public var info: PackageInfo {
        PackageInfo(
            name: name, manifest: path, products: products,
            localDependencies: localDependencies, remoteDependencies: remoteDependencies)
    }
}
