import StrataModel
import StrataSourceTree

/// Reads CocoaPods `*.podspec` and `*.podspec.json` statically. (Stub: filled in by issue 3.)
public enum PodspecReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool { false }

    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] { [] }
}
