// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "TheMonth",
    platforms: [.iOS(.v16)],
    products: [
        // The app shell is shipped as one dynamic framework embedded by the Xcode app target.
        .library(name: "TheMonthKit", type: .dynamic, targets: ["TheMonthApp"]),
        // The design system is linked statically into widgets and the main app alike.
        .library(name: "TheMonthDesignSystem", type: .static, targets: ["DesignSystem"]),
        // Domain layer, automatic linkage.
        .library(name: "TheMonthDomain", targets: ["Entities", "UseCaseProtocol", "RepositoryProtocol"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hmlongco/Factory", from: "2.3.0"),
    ],
    targets: [
        // MARK: - Domain

        .target(name: "Entities"),
        .target(
            name: "UseCaseProtocol",
            dependencies: ["Entities"]
        ),
        .target(
            name: "RepositoryProtocol",
            dependencies: [.target(name: "Entities")]
        ),
        .target(
            name: "UseCases",
            dependencies: [
                .byName(name: "UseCaseProtocol"),
                "RepositoryProtocol",
            ]
        ),

        // MARK: - Data

        .target(
            name: "LocalDataCore",
            dependencies: ["Entities"]
        ),
        .target(
            name: "LocalDataExtension",
            dependencies: ["LocalDataCore", "Entities"],
            exclude: ["README.md"]
        ),
        .target(
            name: "Repositories",
            dependencies: [
                "Entities",
                "RepositoryProtocol",
                "LocalDataCore",
                .target(name: "LocalDataExtension"),
            ]
        ),

        // MARK: - Presentation

        .target(
            name: "DesignSystem",
            dependencies: ["Entities"],
            path: "Sources/UI/DesignSystem"
        ),
        .target(
            name: "Home",
            dependencies: ["UseCaseProtocol", "DesignSystem"]
        ),
        .target(
            name: "Setting",
            dependencies: ["UseCaseProtocol", "DesignSystem"]
        ),
        .target(
            name: "MonthCalendar",
            dependencies: [.target(name: "DesignSystem"), "UseCaseProtocol"]
        ),

        // MARK: - App

        .target(
            name: "TheMonthApp",
            dependencies: [
                "Home",
                "Setting",
                "MonthCalendar",
                "UseCaseProtocol",
                "UseCases",
                "RepositoryProtocol",
                "Repositories",
                "LocalDataCore",
                .product(name: "Factory", package: "Factory"),
            ]
        ),

        // MARK: - Tests

        .testTarget(
            name: "HomeTests",
            dependencies: ["Home", "UseCaseProtocol"]
        ),
    ]
)
