// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "App",
    targets: [
        .target(name: "DI"),
        .target(name: "Services", dependencies: ["DI"]),
        .target(name: "Feature", dependencies: ["Services", "DI"]),
    ]
)
