import StrataModel

/// The files of a repository, as discovery and scanning see them.
///
/// Two implementations: the working directory (`WorkingDirectoryTree`) and a git revision
/// (`GitRevisionTree`, for `strata diff`). Discovery and scanning only use this interface, so
/// they never know which one they read.
public protocol SourceTree: Sendable {
    /// A display name for the repository (its folder name); never an absolute path, so
    /// results do not depend on where the repository is checked out.
    var name: String { get }
    /// Every file, as a path relative to the root with `/` separators, sorted, with the
    /// ignored directories (see `PathFilter`) already left out.
    func files() throws -> [String]
    /// `files()`, with what the walk could not enter (unreadable or too deep folders) as
    /// warnings naming each folder.
    func walk() throws -> (files: [String], problems: [Diagnostic])
    /// The bytes of one file.
    func read(_ path: String) throws -> [UInt8]
    /// A key that changes whenever the file's bytes change and that the tree knows without
    /// reading them (a git blob id); nil when the tree has none.
    func contentKey(_ path: String) -> String?
    /// A hint that these files are about to be read, for a tree that reads faster in bulk.
    func prefetch(_ paths: [String])
    /// The content hash of a file's bytes when the tree knows it without reading them (a
    /// long-lived session's tree knows the files that did not change since its last scan).
    func knownHash(_ path: String) -> ContentHash?
    /// The working directory the tree reads, when it reads one: its folder holds the
    /// checked-out dependencies (`.build/checkouts`, `Pods`), which a git revision has not.
    var workingDirectory: WorkingDirectoryTree? { get }
    /// The same tree read through another filter (a configuration's excludes added).
    func narrowed(by filter: PathFilter) -> any SourceTree
}

extension SourceTree {
    public func walk() throws -> (files: [String], problems: [Diagnostic]) { (try files(), []) }
    public func contentKey(_ path: String) -> String? { nil }
    public func prefetch(_ paths: [String]) {}
    public func knownHash(_ path: String) -> ContentHash? { nil }
    public var workingDirectory: WorkingDirectoryTree? { nil }
    public func narrowed(by filter: PathFilter) -> any SourceTree { self }
}

/// An error reading the tree, with the path it concerns.
public struct SourceTreeError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// Which paths a walk leaves out: hidden folders, build products, dependency checkouts and
/// user exclusions.
public struct PathFilter: Sendable {
    /// Directory names never worth reading besides hidden ones (`.build`, `.build-release`,
    /// `.git`, `.swiftpm`): build output and vendored dependencies.
    public static let ignoredDirectoryNames: Set<String> = [
        "Pods", "Carthage", "DerivedData", "node_modules",
    ]
    /// Folders at the root a build fills: `xcodebuild -clonedSourcePackagesDirPath SourcePackages`
    /// checks packages out there (elsewhere, a folder of that name may be the repository's own).
    public static let ignoredRootFolders: Set<String> = ["SourcePackages"]

    /// A `Pods` folder with BUILD files in it (`Pods/BUILD.bazel`, `Pods/<pod>/BUILD.bazel`) is
    /// read: a Bazel workspace's vendored pods (cocoapods-bazel's, rules_ios') are packages of
    /// the workspace, as Bazel reads them. The tree answers for its folders (`keepsFolder`).
    public static let bazelVendorFolder = "Pods"

    private let patterns: [GlobPattern]
    /// Whether a `Pods` folder (its path relative to the root) holds BUILD files: set by the
    /// tree that walks with this filter, from its folders or its listing.
    private var keepsFolder: (@Sendable (String) -> Bool)?

    /// - Parameter excludes: glob patterns relative to the root (`Samples/**`, `*/Generated`),
    ///   from `--exclude` and `strata.yml`.
    public init(excludes: [String] = []) {
        patterns = excludes.map { GlobPattern($0) }
    }

    /// This filter, with `keepsFolder` telling which `Pods` folders hold BUILD files.
    public func keeping(_ keepsFolder: @escaping @Sendable (String) -> Bool) -> PathFilter {
        var filter = self
        filter.keepsFolder = keepsFolder
        return filter
    }

    /// Whether a folder never read by its name (`name`, at `path`) is read all the same.
    private func keeps(_ path: String, name: some StringProtocol) -> Bool {
        name == Self.bazelVendorFolder && keepsFolder?(path) == true
    }

    /// Whether a directory (its path relative to the root) should be skipped with all it holds.
    public func skipsDirectory(_ path: String, name: String) -> Bool {
        (Self.ignores(directoryNamed: name) && !keeps(path, name: name)) || Self.ignoredRootFolders.contains(path)
            || patterns.contains { $0.matches(path) }
    }

    /// Whether a folder of this name is never read, wherever it is.
    public static func ignores(directoryNamed name: some StringProtocol) -> Bool {
        name.hasPrefix(".") || ignoredDirectoryNames.contains(String(name))
    }

    /// Whether a file (its path relative to the root) should be skipped.
    public func skipsFile(_ path: String) -> Bool {
        patterns.contains { $0.matches(path) }
    }

    /// Whether a path lies in a skipped folder or is a skipped file: the questions a walk of
    /// the folders asks, asked of every prefix of the path.
    /// - Parameter ignoredFolders: whether folders never read by their name (hidden ones,
    ///   `Pods`) count, or only the excludes.
    public func skips(path: String, ignoredFolders: Bool = true) -> Bool {
        skipsFolder(Self.folder(of: path), ignoredFolders: ignoredFolders) || skipsFile(path)
    }

    /// `skips(path:)` for the many paths of a listing: each folder's answer is asked once and
    /// kept in `folders` (a folder holds many files).
    public func skips(path: String, folders: inout [Substring: Bool]) -> Bool {
        let folder = Self.folder(of: path)
        if let skipped = folders[folder] { return skipped || skipsFile(path) }
        let skipped = skipsFolder(folder, ignoredFolders: true)
        folders[folder] = skipped
        return skipped || skipsFile(path)
    }

    private static func folder(of path: String) -> Substring {
        path.lastIndex(of: "/").map { path[..<$0] } ?? ""
    }

    /// Whether the folder, or one it is in, is skipped.
    private func skipsFolder(_ path: Substring, ignoredFolders: Bool) -> Bool {
        var folder = ""
        for component in path.split(separator: "/") {
            folder = folder.isEmpty ? String(component) : folder + "/" + component
            if Self.ignores(directoryNamed: component), !keeps(folder, name: component) {
                if ignoredFolders { return true }
            } else if patterns.contains(where: { $0.matches(folder) }) {
                return true
            }
        }
        return false
    }
}

extension String {
    /// Whether the path ends in `.swift`, compared as bytes (cheaper than `hasSuffix`).
    public var hasSwiftExtension: Bool {
        utf8.count > 6 && utf8.suffix(6).elementsEqual(".swift".utf8)
    }
}
