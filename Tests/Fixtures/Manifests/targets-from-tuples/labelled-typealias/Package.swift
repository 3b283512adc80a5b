// swift-tools-version:5.9
import PackageDescription

// Plugins named by a labelled tuple type; the elements written with labels, over several
// lines, and without labels.
typealias SwiftPlugin = (name: String, path: String, resources: Bool)

let plugins: [SwiftPlugin] = [
    (name: "Alpha", path: "Plugins/Alpha", resources: false),
    (
        name: "Beta",
        path: "Plugins/Beta",
        resources: true
    ),
]
let otherPlugins: [SwiftPlugin] = [("Gamma", "Plugins/Gamma", false)]

let pluginTargets: [(Target, Product)] = plugins.map { (Target.swiftPlugin(plugin: $0), Product.library(name: $0.name, targets: [$0.name])) }
    + otherPlugins.map { plugin in (Target.swiftPlugin(plugin: plugin), Product.library(name: plugin.name, targets: [plugin.name])) }

let package = Package(
    name: "Plugins",
    products: [.library(name: "Core", targets: ["Core"])] + pluginTargets.map(\.1),
    dependencies: [.package(path: "../Shared")],
    targets: [.target(name: "Core", dependencies: [.product(name: "Logging", package: "Shared")])]
        + pluginTargets.map(\.0)
        + [.testTarget(name: "CoreTests", dependencies: ["Core"])]
)

extension Target {
    static func swiftPlugin(plugin: SwiftPlugin) -> Target {
        .target(
            name: plugin.name,
            dependencies: [Dependency.target(name: "Core")],
            path: plugin.path,
            resources: plugin.resources ? [.process("Resources")] : nil
        )
    }
}
