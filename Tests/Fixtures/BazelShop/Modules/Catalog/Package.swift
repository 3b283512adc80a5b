// swift-tools-version: 5.9
// Lets Xcode preview the module without Bazel; the BUILD file is what the app builds.
import PackageDescription

let package = Package(
    name: "Catalog",
    targets: [
        .target(name: "Catalog", path: "Sources"),
    ]
)
