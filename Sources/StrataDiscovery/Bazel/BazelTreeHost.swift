import StrataSourceTree
import StrataStarlark

/// A workspace of a `SourceTree` as the Starlark evaluator sees it: paths from the workspace's
/// folder, `load()`ed files read from the tree, `glob()` over the files discovery listed.
struct BazelTreeHost: StarlarkHost {
    let tree: any SourceTree
    let workspace: BazelWorkspace

    /// Only files of the workspace's listing: a label that climbs out (`//../../etc:x.bzl`)
    /// or names an excluded file reads nothing.
    func contents(ofFile path: String) -> String? {
        guard workspace.files.containsSorted(path), let bytes = try? tree.read(workspace.repositoryPath(path)) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    func files(inPackage package: String) -> [String] {
        guard !package.isEmpty else { return workspace.files }
        let prefix = package + "/"
        return workspace.files.sortedRun(withPrefix: prefix).map { String($0.dropFirst(prefix.count)) }
    }
}
