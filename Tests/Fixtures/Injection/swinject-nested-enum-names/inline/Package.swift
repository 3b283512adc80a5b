// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Coordinators",
    dependencies: [.package(url: "https://github.com/Swinject/Swinject.git", from: "2.8.0")],
    targets: [
        .target(name: "Settings", dependencies: ["Swinject"]),
        .target(name: "App", dependencies: ["Settings", "Swinject"]),
    ]
)
