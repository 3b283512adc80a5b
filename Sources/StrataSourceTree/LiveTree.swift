import StrataModel

/// A working directory as a long-lived session sees it: the content hashes of the files that
/// did not change since the last scan (so they are not read again), and an editor's unsaved
/// texts, which are read in place of the files on disk. A value: each change makes a new one.
public struct LiveTree: SourceTree {
    public private(set) var base: WorkingDirectoryTree
    /// Hashes of files as last scanned; a changed file's is dropped (`changing`).
    public private(set) var hashes: [String: ContentHash] = [:]
    /// Unsaved texts by path, read instead of the files.
    public private(set) var unsaved: [String: [UInt8]] = [:]

    public init(_ base: WorkingDirectoryTree) { self.base = base }

    public var name: String { base.name }
    public var workingDirectory: WorkingDirectoryTree? { base }
    public func walk() throws -> (files: [String], problems: [Diagnostic]) { try base.walk() }
    public func files() throws -> [String] { try base.files() }
    public func read(_ path: String) throws -> [UInt8] {
        if let text = unsaved[path] { return text }
        return try base.read(path)
    }
    public func knownHash(_ path: String) -> ContentHash? { hashes[path] }

    /// The tree after a scan that found these hashes (files read or known before).
    public func scanned(_ found: [String: ContentHash]) -> LiveTree {
        var tree = self
        tree.hashes.merge(found) { _, new in new }
        return tree
    }

    /// The tree once these files changed on disk, or their unsaved text did: read again.
    public func changing(_ paths: some Sequence<String>) -> LiveTree {
        var tree = self
        for path in paths { tree.hashes[path] = nil }
        return tree
    }

    /// The tree when anything may have changed on disk: every file is read again.
    public func changingAll() -> LiveTree {
        var tree = self
        tree.hashes = [:]
        return tree
    }

    /// The tree with an editor's unsaved text of a file (nil: the file as saved).
    public func editing(_ path: String, text: [UInt8]?) -> LiveTree {
        var tree = changing([path])
        tree.unsaved[path] = text
        return tree
    }

    public func narrowed(by filter: PathFilter) -> any SourceTree {
        var tree = self
        tree.base = WorkingDirectoryTree(rootPath: base.rootPath, filter: filter)
        return tree
    }
}
