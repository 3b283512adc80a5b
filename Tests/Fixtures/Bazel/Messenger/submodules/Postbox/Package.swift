// swift-tools-version:5.5
// Kept for Xcode previews; the app builds with Bazel.
import PackageDescription

let package = Package(
    name: "Postbox",
    platforms: [.macOS(.v10_13)],
    products: [
        .library(name: "Postbox", targets: ["Postbox"]),
    ],
    dependencies: [
        .package(name: "SSignalKit", path: "../SSignalKit"),
    ],
    targets: [
        .target(
            name: "Postbox",
            dependencies: [.product(name: "SwiftSignalKit", package: "SSignalKit")],
            path: "Sources"
        ),
    ]
)
