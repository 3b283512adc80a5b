// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "remote-kit",
    products: [.library(name: "RemoteKit", targets: ["RemoteKit"])],
    targets: [
        .target(name: "RemoteCore"),
        .target(name: "RemoteKit", dependencies: ["RemoteCore"]),
        .testTarget(name: "RemoteKitTests", dependencies: ["RemoteKit"]),
    ]
)
