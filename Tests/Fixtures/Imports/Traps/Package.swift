// swift-tools-version:5.9
import PackageDescription

// Each module is one trap for grading imports without a build; App imports them all, and
// expected.txt says what each import is.
let package = Package(
    name: "Traps",
    targets: [
        .target(name: "Names"),
        .target(name: "Extras"),
        .target(name: "Operators"),
        .target(name: "Retro"),
        .target(name: "Umbrella", dependencies: ["Names"]),
        .target(name: "Macros"),
        .target(name: "Wrappers"),
        .target(name: "Builders"),
        .target(name: "Alpha"),
        .target(name: "Beta"),
        .target(name: "Inits"),
        .target(name: "Callables"),
        .target(name: "Inner"),
        .target(name: "Outer", dependencies: ["Inner"]),
        .target(name: "Widths"),
        // Members of a module loaded anyway: MemberImportVisibility makes them need the import;
        // an `internal import` loads nothing for clients.
        .target(name: "Strict", dependencies: ["Outer", "Inner"], swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        .target(name: "Sealed", dependencies: ["Inner"]),
        .target(name: "Guarded", dependencies: ["Sealed", "Inner"]),
        .target(name: "App", dependencies: [
            "Names", "Extras", "Operators", "Retro", "Umbrella", "Macros", "Wrappers", "Builders", "Alpha", "Beta", "Inits",
            "Callables", "Inner", "Outer", "Widths",
        ]),
        .testTarget(name: "AppTests", dependencies: ["App", "Names", "Umbrella"]),
    ]
)
