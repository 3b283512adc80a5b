// swift-tools-version:6.0
// A user's package with Strata as a dependency, for `swift package strata check`.
// Tests/Plugin/run copies it elsewhere and points the dependency at this checkout.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(name: "Strata", path: "STRATA_CHECKOUT")],
    targets: [
        .target(name: "Core"),
        .target(name: "Feature", dependencies: ["Core"]),
    ]
)
