// swift-tools-version:5.9
// An Objective-C target whose class a Swift file instantiates (issue 45, the first shape).
import PackageDescription

let package = Package(
    name: "ObjCClass",
    platforms: [.iOS(.v16), .macOS(.v13)],
    targets: [
        .target(name: "Widgets"),
        .target(name: "Screens", dependencies: ["Widgets"]),
        .target(name: "Settings", dependencies: ["Widgets"]),
    ]
)
