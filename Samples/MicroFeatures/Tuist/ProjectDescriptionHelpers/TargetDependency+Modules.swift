import ProjectDescription

/// The shared modules, in a namespace as community helpers write them: `.Shared.core`.
public extension TargetDependency {
    enum Shared {}

    /// A module of another feature: its Interface unless another role is asked for.
    /// Features depend on each other's interfaces only; the app and the examples pick the rest.
    static func feature(_ feature: Feature, role: FeatureRole = .interface) -> TargetDependency {
        .project(
            target: feature.rawValue + role.rawValue,
            path: .relativeToRoot("Projects/Features/\(feature.rawValue)")
        )
    }
}

public extension TargetDependency.Shared {
    static let core: TargetDependency = .project(target: "Core", path: .relativeToRoot("Projects/Core"))
    static let dsKit: TargetDependency = .project(target: "DSKit", path: .relativeToRoot("Projects/DSKit"))
}

/// Third-party code behind one module, in a class nested in the extension.
public extension TargetDependency {
    final class External {
        public static let thirdPartyLibs: TargetDependency = .project(
            target: "ThirdPartyLibs",
            path: .relativeToRoot("Projects/ThirdPartyLibs")
        )
    }
}
