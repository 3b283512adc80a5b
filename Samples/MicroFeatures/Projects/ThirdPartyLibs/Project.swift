import ProjectDescription
import ProjectDescriptionHelpers

/// The external libraries, wrapped in one dynamic framework so that each is loaded once.
let project = Project.makeModule(
    name: "ThirdPartyLibs",
    targets: [
        .module("ThirdPartyLibs", product: .framework, dependencies: [
            .external(name: "Alamofire"),
            .external(name: "Kingfisher"),
        ]),
    ]
)
