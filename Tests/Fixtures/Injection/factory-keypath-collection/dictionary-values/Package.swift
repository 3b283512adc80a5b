// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Pipeline",
    dependencies: [.package(url: "https://github.com/hmlongco/Factory.git", from: "2.4.0")],
    targets: [
        .target(name: "Pipeline", dependencies: ["Factory"]),
    ]
)
