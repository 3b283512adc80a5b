/// One changed file, what kind of file it is to the build, and the modules it touches directly.
public struct FileChange: Hashable, Sendable, Codable, Comparable {
    public enum Status: String, Hashable, Sendable, Codable {
        case added, modified, deleted

        /// `added`, `changed`, `deleted`: how a reason says it.
        public var verb: String {
            switch self {
            case .added: "added"
            case .modified: "changed"
            case .deleted: "deleted"
            }
        }
    }

    public enum Kind: String, Hashable, Sendable, Codable {
        /// A Swift file of a module.
        case source
        /// Any other file in a module's folder: a resource, an asset, a plist.
        case resource
        /// A manifest or a file manifests read (Package.swift, Project.swift, a podspec, an
        /// Xcode project, project.yml, a Tuist helper, an xcconfig).
        case manifest
        /// `Package.resolved` or `Podfile.lock`: only modules using a package or pod whose pin changed.
        case lockfile
        /// `strata.yml`: read by Strata, not by the build.
        case configuration
        /// Owned by no module.
        case unowned
    }

    public var path: String
    public var status: Status
    public var kind: Kind
    /// The modules the file makes affected by itself (before dependents), sorted.
    public var modules: [String]
    /// What Strata made of it, when more than the kind says: the pins that changed, why a
    /// manifest affects what it does, why an unowned file affects everything or nothing.
    public var note: String?

    public init(path: String, status: Status, kind: Kind, modules: [String] = [], note: String? = nil) {
        self.path = path
        self.status = status
        self.kind = kind
        self.modules = modules
        self.note = note
    }

    public static func < (lhs: FileChange, rhs: FileChange) -> Bool { lhs.path < rhs.path }
}
