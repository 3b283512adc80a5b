import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.makeModule(
    name: Feature.search.rawValue,
    targets: [
        .feature(.search, role: .interface),
        .feature(.search, dependencies: [
            .target(name: "SearchInterface"),
            .feature(.profile),
            .Shared.core,
            .Shared.dsKit,
        ]),
        .feature(.search, role: .testing, dependencies: [.target(name: "SearchInterface")]),
        .feature(.search, role: .tests, dependencies: [.target(name: "Search"), .target(name: "SearchTesting")]),
        .feature(.search, role: .example, dependencies: [.target(name: "Search"), .feature(.profile, role: .testing)]),
    ]
)
