// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Notes",
    targets: [
        .target(name: "DI"),
        .target(name: "Feature", dependencies: ["DI"]),
        .target(name: "App", dependencies: ["DI", "Feature"]),
    ]
)
