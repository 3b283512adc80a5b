import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.makeModule(
    name: "MicroFeaturesApp",
    targets: [
        .module(
            "MicroFeaturesApp",
            product: .app,
            dependencies: Feature.allCases.flatMap { [.feature($0, role: .implementation), .feature($0)] } + [TargetDependency.Shared.core]
        ),
    ]
)
