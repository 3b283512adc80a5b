import Foundation

/// A package a commit depends on: a `.package(url:)` of a `Package.swift`, a pin of
/// `Package.resolved`, or a pod of `Podfile.lock`, merged by identity.
public struct PackageRow: Hashable, Sendable, Codable {
    /// `swiftpm` or `cocoapods`.
    public var kind: String
    /// SwiftPM's identity (the URL's last component, lowercased, without `.git`) or the pod's name.
    public var name: String
    public var url: String?
    /// What the manifest asks for (`from: 1.2.0`, `exact: 1.2.0`, `branch: main`), when it says.
    public var requirement: String?
    /// The pinned version, and revision where the lock file has one.
    public var version: String?
    public var revision: String?

    public init(kind: String, name: String, url: String?, requirement: String?, version: String?, revision: String?) {
        self.kind = kind
        self.name = name
        self.url = url
        self.requirement = requirement
        self.version = version
        self.revision = revision
    }
}
