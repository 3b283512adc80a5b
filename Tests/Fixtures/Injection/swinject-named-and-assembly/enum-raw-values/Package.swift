// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Gallery",
    dependencies: [.package(url: "https://github.com/Swinject/Swinject.git", from: "2.8.0")],
    targets: [
        .target(name: "Network", dependencies: ["Swinject"]),
        .target(name: "App", dependencies: ["Network", "Swinject"]),
    ]
)
