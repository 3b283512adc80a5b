// swift-tools-version:5.9
import PackageDescription

// Rebuilds the DI shapes of anyproto/anytype-swift: the Services and NotificationsCore packages
// and the app target (a library here), with its unit tests.
let package = Package(
    name: "Anytype",
    platforms: [.iOS(.v17)],
    dependencies: [.package(url: "https://github.com/hmlongco/Factory.git", from: "2.4.0")],
    targets: [
        .target(name: "NotificationsCore", dependencies: ["Factory"]),
        .target(name: "Services", dependencies: ["NotificationsCore", "Factory"]),
        .target(name: "Anytype", dependencies: ["Services", "NotificationsCore", "Factory"]),
        .testTarget(name: "AnyTypeTests", dependencies: ["Anytype", "Services"]),
    ]
)
