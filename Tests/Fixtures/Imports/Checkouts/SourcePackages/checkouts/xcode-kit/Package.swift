// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "xcode-kit",
    products: [.library(name: "XcodeKit", targets: ["XcodeKit"])],
    targets: [.target(name: "XcodeKit")]
)
