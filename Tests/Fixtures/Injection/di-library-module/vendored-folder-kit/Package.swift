// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "App",
    targets: [
        .target(name: "FactoryKit", path: "Vendor/FactoryKit/Sources"),
        .target(name: "Services", dependencies: ["FactoryKit"]),
        .target(name: "Feature", dependencies: ["Services", "FactoryKit"]),
    ]
)
