// swift-tools-version:5.9
import PackageDescription

// Imports of external modules whose sources a build checked out beside the package: SwiftPM's
// `.build/checkouts` (kept here as `checkouts`, moved there by the test: git ignores `.build`),
// Xcode's `SourcePackages/checkouts` and CocoaPods' `Pods`. Uncharted is not checked out.
let package = Package(
    name: "Checkouts",
    dependencies: [
        .package(url: "https://github.com/example/remote-kit", from: "1.0.0"),
        .package(url: "https://github.com/example/xcode-kit", from: "1.0.0"),
        .package(url: "https://github.com/example/uncharted", from: "1.0.0"),
    ],
    targets: [
        .target(name: "App", dependencies: [
            .product(name: "RemoteKit", package: "remote-kit"),
            .product(name: "XcodeKit", package: "xcode-kit"),
            .product(name: "Uncharted", package: "uncharted"),
        ]),
    ]
)
