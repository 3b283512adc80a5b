// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Player",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [.package(url: "https://github.com/pointfreeco/swift-dependencies.git", from: "1.4.0")],
    targets: [
        .target(name: "Clients", dependencies: [
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "DependenciesMacros", package: "swift-dependencies"),
        ]),
        .target(name: "Player", dependencies: ["Clients", .product(name: "Dependencies", package: "swift-dependencies")]),
    ]
)
