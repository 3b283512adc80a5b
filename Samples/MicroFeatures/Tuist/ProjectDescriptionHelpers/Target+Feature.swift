import ProjectDescription

/// The targets of a micro-feature, each in the folder of the feature's project named after
/// its role: `Interface/`, `Sources/`, `Testing/`, `Tests/`, `Example/`.
public enum FeatureRole: String {
    case interface = "Interface"
    case implementation = ""
    case testing = "Testing"
    case tests = "Tests"
    case example = "Example"

    var folder: String { self == .implementation ? "Sources" : rawValue }

    var product: Product {
        switch self {
        case .interface, .implementation, .testing: return .framework
        case .tests: return .unitTests
        case .example: return .app
        }
    }
}

public extension Target {
    /// One target of a feature: `Search` + `.interface` is `SearchInterface`, built from
    /// `Interface/**` as a dynamic framework.
    static func feature(
        _ feature: Feature,
        role: FeatureRole = .implementation,
        dependencies: [TargetDependency] = []
    ) -> Target {
        let name = feature.rawValue + role.rawValue
        return .target(
            name: name,
            destinations: MicroFeatures.destinations,
            product: role.product,
            bundleId: "\(MicroFeatures.organization).\(name)",
            deploymentTargets: MicroFeatures.deploymentTargets,
            infoPlist: role == .example ? .extendingDefault(with: ["UILaunchScreen": [:]]) : .default,
            sources: ["\(role.folder)/**"],
            dependencies: dependencies
        )
    }

    /// A shared module of the workspace (`Core`, `DSKit`, ...), built from `Sources/**`.
    static func module(
        _ name: String,
        product: Product,
        dependencies: [TargetDependency] = [],
        resources: ResourceFileElements? = nil
    ) -> Target {
        .target(
            name: name,
            destinations: MicroFeatures.destinations,
            product: product,
            bundleId: "\(MicroFeatures.organization).\(name)",
            deploymentTargets: MicroFeatures.deploymentTargets,
            infoPlist: product == .app ? .extendingDefault(with: ["UILaunchScreen": [:]]) : .default,
            sources: ["Sources/**"],
            resources: resources,
            dependencies: dependencies
        )
    }

    /// The unit tests of a shared module, from `Tests/**`.
    static func unitTests(of name: String, dependencies: [TargetDependency] = []) -> Target {
        .target(
            name: "\(name)Tests",
            destinations: MicroFeatures.destinations,
            product: .unitTests,
            bundleId: "\(MicroFeatures.organization).\(name)Tests",
            deploymentTargets: MicroFeatures.deploymentTargets,
            sources: ["Tests/**"],
            dependencies: [.target(name: name)] + dependencies
        )
    }
}
