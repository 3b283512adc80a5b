// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Lookalike",
    targets: [.executableTarget(name: "App")]
)
