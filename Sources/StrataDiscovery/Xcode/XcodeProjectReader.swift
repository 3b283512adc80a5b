import StrataModel
import StrataSourceTree

/// Reads Xcode `*.xcodeproj/project.pbxproj` statically. (Stub: filled in by issue 3.)
public enum XcodeProjectReader: ManifestReader {
    public static func accepts(_ path: String) -> Bool { false }

    public static func read(path: String, tree: any SourceTree, files: [String]) throws -> [Manifest] { [] }
}
