import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.makeModule(
    name: "DSKit",
    targets: [
        .module("DSKit", product: .framework, dependencies: [.External.thirdPartyLibs], resources: ["Resources/**"]),
    ]
)
