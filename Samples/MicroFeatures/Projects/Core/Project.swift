import ProjectDescription
import ProjectDescriptionHelpers

// Static: its code, and its `DIContainer.shared`, is copied into every image that links it.
let project = Project.makeModule(
    name: "Core",
    targets: [
        .module("Core", product: .staticFramework, dependencies: [.External.thirdPartyLibs]),
        .unitTests(of: "Core"),
    ]
)
