/// A module's identity: the manifest that declares it and its target name there. Stable when
/// other modules come and go or a display name is qualified or renamed, so the graph, diffs
/// and finding fingerprints know a module by it. `description` is the `manifest#target` form
/// `AssembledModule.id` spells in JSON.
public struct ModuleID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var manifest: String
    public var target: String

    public init(manifest: String, target: String) {
        self.manifest = manifest
        self.target = target
    }

    /// From the `manifest#target` spelling: the manifest up to the first `#`.
    public init(_ spelled: String) {
        if let hash = spelled.firstIndex(of: "#") {
            manifest = String(spelled[..<hash])
            target = String(spelled[spelled.index(after: hash)...])
        } else {
            manifest = spelled
            target = ""
        }
    }

    public var description: String { DiscoveredModule.identity(manifest: manifest, target: target) }

    public static func < (lhs: ModuleID, rhs: ModuleID) -> Bool { (lhs.manifest, lhs.target) < (rhs.manifest, rhs.target) }
}

extension AssembledModule {
    /// `id` as a typed identity.
    public var moduleID: ModuleID { ModuleID(id) }
}
