// swift-tools-version:5.9
import PackageDescription

// Members by what reaches them, conformances by use (swift-nio's NIOConcurrencyHelpers and
// NIOCore in small): Http is built with MemberImportVisibility, so an import it keeps is one
// the compiler needs, and one graded `unused` builds without. expected.txt says what each is.
let package = Package(
    name: "Reach",
    targets: [
        .target(name: "Atomics"),
        .target(name: "Retro"),
        .target(name: "Core", dependencies: ["Atomics"]),
        .target(
            name: "Http", dependencies: ["Core", "Atomics", "Retro"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
    ]
)
