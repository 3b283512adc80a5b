// swift-tools-version:5.9
import PackageDescription

// Rebuilds the DI shapes of budioktaviyan/ios-mvp-clean (one app target there; Core and the
// two features are modules here).
let package = Package(
    name: "MVPClean",
    platforms: [.iOS(.v13)],
    dependencies: [.package(url: "https://github.com/Swinject/Swinject.git", from: "2.8.0")],
    targets: [
        .target(name: "Core", dependencies: ["Swinject"]),
        .target(name: "Detail", dependencies: ["Core", "Swinject"]),
        .target(name: "Home", dependencies: ["Core", "Detail", "Swinject"]),
        .target(name: "App", dependencies: ["Core", "Home", "Detail", "Swinject"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Core", "Home", "Detail"]),
    ]
)
