// swift-tools-version: 5.9
// The external packages rules_swift_package_manager makes repositories of (@swiftpkg_*).
import PackageDescription

let package = Package(
    name: "shop",
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ]
)
