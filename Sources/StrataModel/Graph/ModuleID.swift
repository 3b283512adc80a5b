/// A module's identity: the manifest that declares it and its target name there. Stable when
/// other modules come and go or a display name is qualified or renamed, so the graph, diffs
/// and finding fingerprints know a module by it. JSON spells it `manifest#target`
/// (`Modules/Core/Package.swift#Core`), as `description` does.
public struct ModuleID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The file that declares the module (or its folder, when no file does): targets of one
    /// manifest see each other by name. For a target of an included XcodeGen spec it is the
    /// including spec.
    public var manifest: String
    /// The target's name in that manifest.
    public var target: String

    public init(manifest: String, target: String) {
        self.manifest = manifest
        self.target = target
    }

    public var description: String { manifest + "#" + target }

    public static func < (lhs: ModuleID, rhs: ModuleID) -> Bool { lhs.description < rhs.description }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// From the JSON spelling: the manifest up to the first `#` (a target name holds none).
    public init(from decoder: any Decoder) throws {
        let spelled = try decoder.singleValueContainer().decode(String.self)
        let hash = spelled.firstIndex(of: "#") ?? spelled.endIndex
        manifest = String(spelled[..<hash])
        target = hash == spelled.endIndex ? "" : String(spelled[spelled.index(after: hash)...])
    }
}
