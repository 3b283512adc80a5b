// swift-tools-version:5.7
import PackageDescription

let package = Package(
    name: "Services",
    dependencies: [.package(url: "https://github.com/hmlongco/Factory.git", from: "1.3.0")],
    targets: [
        .target(name: "Services", dependencies: ["Factory"]),
        .target(name: "Feature", dependencies: ["Services", "Factory"]),
    ]
)
