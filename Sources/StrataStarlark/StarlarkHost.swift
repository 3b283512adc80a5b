/// What the evaluator asks of the repository it reads: files by path from the repository's
/// root, and the files under a package, for `load()` and `glob()`. It never touches the
/// disk itself.
package protocol StarlarkHost {
    /// The text of a file of the main repository (`build_defs/swift.bzl`); nil when absent.
    func contents(ofFile path: String) -> String?
    /// Every file under the package's folder, relative to it (`Sources/A/a.swift`),
    /// subfolders' BUILD files included: the evaluator finds the subpackages among them.
    func files(inPackage package: String) -> [String]
}
