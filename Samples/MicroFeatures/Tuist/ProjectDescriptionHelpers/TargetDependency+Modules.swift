import ProjectDescription

public extension TargetDependency {
    static let core: TargetDependency = .project(target: "Core", path: .relativeToRoot("Projects/Core"))
    static let dsKit: TargetDependency = .project(target: "DSKit", path: .relativeToRoot("Projects/DSKit"))
    static let thirdPartyLibs: TargetDependency = .project(
        target: "ThirdPartyLibs",
        path: .relativeToRoot("Projects/ThirdPartyLibs")
    )

    /// A module of another feature: its Interface unless another role is asked for.
    /// Features depend on each other's interfaces only; the app and the examples pick the rest.
    static func feature(_ feature: Feature, role: FeatureRole = .interface) -> TargetDependency {
        .project(
            target: feature.rawValue + role.rawValue,
            path: .relativeToRoot("Projects/Features/\(feature.rawValue)")
        )
    }
}
