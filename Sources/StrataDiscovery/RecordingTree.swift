import Foundation
import StrataModel
import StrataSourceTree

/// A tree that notes the files read through it: what reading one manifest read besides the
/// manifest itself (an XcodeGen spec's `include:`s, a Bazel file's `load()`s, a Tuist
/// helper), so that a change to one of them is known to change what the manifest says.
final class RecordingTree: SourceTree, @unchecked Sendable {
    private let base: any SourceTree
    private let lock = NSLock()
    private var paths: Set<String> = []

    init(_ base: any SourceTree) {
        self.base = base
    }

    /// The files read so far.
    var read: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return paths
    }

    var name: String { base.name }
    func files() throws -> [String] { try base.files() }
    func walk() throws -> (files: [String], problems: [Diagnostic]) { try base.walk() }

    func read(_ path: String) throws -> [UInt8] {
        lock.lock()
        paths.insert(path)
        lock.unlock()
        return try base.read(path)
    }

    func contentKey(_ path: String) -> String? { base.contentKey(path) }
    func prefetch(_ paths: [String]) { base.prefetch(paths) }
    func knownHash(_ path: String) -> ContentHash? { base.knownHash(path) }
    var workingDirectory: WorkingDirectoryTree? { base.workingDirectory }
    func narrowed(by filter: PathFilter) -> any SourceTree { RecordingTree(base.narrowed(by: filter)) }
}
