import StrataModel
import StrataSourceTree

/// Reads CocoaPods `Podfile` statically. (Stub: filled in by issue 3.)
public enum PodfileReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool { false }

    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] { [] }
}
