// swift-tools-version:5.9
import PackageDescription

// Rebuilds the DI shapes of asiliuk/BsuirScheduleApp's Modules package (seven of its modules).
let package = Package(
    name: "BsuirScheduleApp",
    platforms: [.iOS(.v16)],
    dependencies: [.package(url: "https://github.com/pointfreeco/swift-dependencies.git", from: "1.0.0")],
    targets: [
        .target(name: "BsuirCore", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
        .target(name: "BsuirApi", dependencies: ["BsuirCore", .product(name: "Dependencies", package: "swift-dependencies")]),
        .target(name: "ScheduleCore", dependencies: ["BsuirApi", "BsuirCore", .product(name: "Dependencies", package: "swift-dependencies")]),
        .target(name: "BsuirUI", dependencies: ["BsuirApi", "ScheduleCore", "BsuirCore", .product(name: "Dependencies", package: "swift-dependencies")]),
        .target(name: "Favorites", dependencies: ["BsuirCore", "ScheduleCore", .product(name: "Dependencies", package: "swift-dependencies")]),
        .target(name: "ScheduleFeature", dependencies: [
            "Favorites", "ScheduleCore", "BsuirUI", "BsuirCore",
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "DependenciesMacros", package: "swift-dependencies"),
        ]),
        .target(name: "SettingsFeature", dependencies: ["ScheduleCore", "BsuirUI", "BsuirApi", "BsuirCore", .product(name: "Dependencies", package: "swift-dependencies")]),
    ]
)
