import ProjectDescription

// MARK: - Layers

/// The app's layers, in the order they may depend on each other: presentation -> domain -> core,
/// data -> domain and core. Each layer is a dynamic framework with its unit tests.
private enum Layer: CaseIterable {
    case core
    case domain
    case data
    case presentation

    var layerName: String {
        switch self {
        case .core: return "PetpionCore"
        case .domain: return "PetpionDomain"
        case .data: return "PetpionData"
        case .presentation: return "PetpionPresentation"
        }
    }
}

private let bundleIdPrefix = "com.petpion"
private let deploymentTarget: DeploymentTarget = .iOS(targetVersion: "15.0", devices: [.iphone])

// MARK: - Target factories

/// A layer's framework and its unit-test bundle.
private func makeFrameworkTargets(name: String, dependencies: [TargetDependency] = []) -> [Target] {
    let framework = Target(
        name: name,
        platform: .iOS,
        product: .framework,
        bundleId: "\(bundleIdPrefix).\(name)",
        deploymentTarget: deploymentTarget,
        infoPlist: .default,
        sources: ["Targets/\(name)/Sources/**"],
        dependencies: dependencies
    )
    let unitTests = Target(
        name: "\(name)Tests",
        platform: .iOS,
        product: .unitTests,
        bundleId: "\(bundleIdPrefix).\(name)Tests",
        deploymentTarget: deploymentTarget,
        infoPlist: .default,
        sources: ["Targets/\(name)/Tests/**"],
        dependencies: [.target(name: name)]
    )
    return [framework, unitTests]
}

private func makeAppTarget(name: String, dependencies: [TargetDependency]) -> Target {
    Target(
        name: name,
        platform: .iOS,
        product: .app,
        bundleId: "\(bundleIdPrefix).app",
        deploymentTarget: deploymentTarget,
        infoPlist: .extendingDefault(with: [
            "UILaunchStoryboardName": "LaunchScreen",
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": false,
                "UISceneConfigurations": [:],
            ],
        ]),
        sources: ["Targets/\(name)/Sources/**"],
        resources: ["Targets/\(name)/Resources/**"],
        dependencies: dependencies
    )
}

// MARK: - Project

let project = Project(
    name: "Petpion",
    organizationName: "Petpion",
    packages: [
        .remote(url: "https://github.com/Swinject/Swinject.git", requirement: .upToNextMajor(from: "2.8.0")),
    ],
    targets: [
        [makeAppTarget(name: "Petpion", dependencies: Layer.allCases.map { .target(name: $0.layerName) })],
        makeFrameworkTargets(name: Layer.core.layerName, dependencies: [.package(product: "Swinject")]),
        makeFrameworkTargets(name: Layer.domain.layerName, dependencies: [.target(name: Layer.core.layerName)]),
        makeFrameworkTargets(
            name: Layer.data.layerName,
            dependencies: [.target(name: Layer.domain.layerName), .target(name: Layer.core.layerName)]
        ),
        makeFrameworkTargets(
            name: Layer.presentation.layerName,
            dependencies: [.target(name: Layer.domain.layerName), .target(name: Layer.core.layerName)]
        ),
    ].flatMap { $0 }
)
