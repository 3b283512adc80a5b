// swift-tools-version:5.9
import PackageDescription

// Rebuilds the DI shapes of just-team-project/Shuttle-iOS (one app target there; its folders
// are modules here).
let package = Package(
    name: "Shuttle",
    platforms: [.iOS(.v16)],
    targets: [
        .target(name: "Utils"),
        .target(name: "Domain"),
        .target(name: "Data", dependencies: ["Domain"]),
        .target(name: "Presentation", dependencies: ["Domain", "Utils"]),
        .target(name: "App", dependencies: ["Utils", "Domain", "Data", "Presentation"]),
    ]
)
