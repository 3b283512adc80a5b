import ProjectDescription

public extension Project {
    /// A project of the workspace: one module and its companion targets.
    static func makeModule(name: String, targets: [Target], packages: [Package] = []) -> Project {
        Project(
            name: name,
            organizationName: MicroFeatures.organization,
            options: .options(automaticSchemesOptions: .enabled(codeCoverageEnabled: true)),
            packages: packages,
            settings: .settings(base: ["SWIFT_VERSION": "5.10"], defaultSettings: .recommended),
            targets: targets
        )
    }
}
