// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Wallet",
    targets: [
        .target(name: "DI"),
        .target(name: "Cards", dependencies: ["DI"]),
        .target(name: "Accounts", dependencies: ["DI"]),
        .target(name: "App", dependencies: ["DI", "Cards", "Accounts"]),
    ]
)
