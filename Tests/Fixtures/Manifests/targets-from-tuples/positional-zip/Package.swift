// swift-tools-version:5.9
import PackageDescription

// Unlabelled tuples made by zip, read by position.
let names = ["Alpha", "Beta", "Gamma"]
let folders = names.map { "Plugins/" + $0 }
let withResources = [false, true, false]
let plugins = zip(zip(names, folders), withResources).map { ($0.0.0, $0.0.1, $0.1) }

func pluginTarget(_ plugin: (String, String, Bool)) -> Target {
    .target(name: plugin.0, dependencies: [.target(name: "Core")], path: plugin.1, resources: plugin.2 ? [.process("Resources")] : nil)
}

let pairs = plugins.map { plugin -> (Target, Product) in
    (pluginTarget(plugin), .library(name: plugin.0, targets: [plugin.0]))
}

let package = Package(
    name: "Plugins",
    products: [.library(name: "Core", targets: ["Core"])] + pairs.map { $0.1 },
    dependencies: [.package(path: "../Shared")],
    targets: [.target(name: "Core", dependencies: [.product(name: "Logging", package: "Shared")])]
        + pairs.map { $0.0 }
        + [.testTarget(name: "CoreTests", dependencies: ["Core"])]
)
