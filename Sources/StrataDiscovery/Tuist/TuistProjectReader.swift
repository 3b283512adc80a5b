import StrataModel
import StrataSourceTree

/// Reads Tuist `Project.swift` statically. (Stub: filled in by issue 3.)
public enum TuistProjectReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool { false }

    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] { [] }
}
