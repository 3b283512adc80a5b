// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "App",
    targets: [
        .target(name: "Factory"),
        .target(name: "Services", dependencies: ["Factory"]),
        .target(name: "Feature", dependencies: ["Services", "Factory"]),
    ]
)
