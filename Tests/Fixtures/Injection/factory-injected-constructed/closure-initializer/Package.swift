// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Constructed",
    dependencies: [.package(url: "https://github.com/hmlongco/Factory.git", from: "2.4.0")],
    targets: [
        .target(name: "Services", dependencies: [.product(name: "FactoryKit", package: "Factory")]),
        .target(name: "Feature", dependencies: ["Services", .product(name: "FactoryKit", package: "Factory")]),
    ]
)
