// swift-tools-version:5.9
import PackageDescription

// Interfaces in the dependency-client style: each client module declares structs (or a class)
// of closures, and its live module implements them.
let package = Package(
    name: "Clients",
    dependencies: [.package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0")],
    targets: [
        .target(name: "AudioClient", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
        .target(name: "AudioClientLive", dependencies: ["AudioClient"]),
        .target(name: "APIClient"),
        .target(name: "APIClientLive", dependencies: ["APIClient"]),
        .target(name: "Feature", dependencies: ["AudioClient", "APIClient"]),
    ]
)
