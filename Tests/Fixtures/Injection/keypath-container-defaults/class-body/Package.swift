// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "KeyPathContainer",
    targets: [
        .target(name: "Services"),
        .target(name: "Feature", dependencies: ["Services"]),
    ]
)
