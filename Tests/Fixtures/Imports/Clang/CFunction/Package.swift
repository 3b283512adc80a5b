// swift-tools-version:5.9
// A C target whose function a Swift file calls (issue 45, the second shape).
import PackageDescription

let package = Package(
    name: "CFunction",
    targets: [
        .target(name: "CMath", publicHeadersPath: "api"),
        .executableTarget(name: "Calculator", dependencies: ["CMath"]),
        .target(name: "Report", dependencies: ["CMath"]),
    ]
)
