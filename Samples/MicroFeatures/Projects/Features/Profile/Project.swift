import ProjectDescription
import ProjectDescriptionHelpers

private let feature = Feature.profile

let project = Project.makeModule(
    name: feature.rawValue,
    targets: [
        .feature(feature, role: .interface),
        .feature(feature, dependencies: [.target(name: "ProfileInterface"), .Shared.core, .Shared.dsKit]),
        .feature(feature, role: .testing, dependencies: [.target(name: "ProfileInterface")]),
        .feature(feature, role: .tests, dependencies: [.target(name: "Profile"), .target(name: "ProfileTesting")]),
        .feature(feature, role: .example, dependencies: [.target(name: "Profile")]),
    ]
)
