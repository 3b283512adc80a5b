// swift-tools-version:5.9
// An Objective-C framework whose classes and error types Swift files use only in signatures
// (issue 45, the third shape).
import PackageDescription

let package = Package(
    name: "ObjCFramework",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [.library(name: "Vault", type: .dynamic, targets: ["Vault"])],
    targets: [
        .target(name: "Vault"),
        .target(name: "Sync", dependencies: ["Vault"]),
        .target(name: "Tools", dependencies: ["Vault"]),
    ]
)
