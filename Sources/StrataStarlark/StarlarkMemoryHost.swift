/// A repository held in memory, path from the root to text: for tests, and for readers
/// that have already collected the files.
package struct StarlarkMemoryHost: StarlarkHost, Sendable {
    package var files: [String: String]

    package init(files: [String: String]) {
        self.files = files
    }

    package func contents(ofFile path: String) -> String? { files[path] }

    package func files(inPackage package: String) -> [String] {
        let prefix = package.isEmpty ? "" : package + "/"
        return files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }
}
