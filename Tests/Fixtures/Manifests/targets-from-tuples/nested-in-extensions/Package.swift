// swift-tools-version:5.9
import PackageDescription

// Static helpers of Target, Product and Target.Dependency, which name `Dependency` as the
// compiler finds it inside `extension Target`; a switch over a tuple.
typealias PluginSpec = (name: String, folder: String, resources: Bool)

let specs: [PluginSpec] = ["Alpha", "Beta", "Gamma"].map { name in (name, "Plugins/\(name)", name == "Beta") }

let package = Package(
    name: "Plugins",
    products: [.library(name: "Core", targets: ["Core"])] + specs.map(\.name).map { Product.pluginLibrary($0) },
    dependencies: [.package(path: "../Shared")],
    targets: [Target.core] + specs.map { Target.plugin($0) } + [.testTarget(name: "CoreTests", dependencies: ["Core"])]
)

extension Target.Dependency {
    static let core: Self = .target(name: "Core")
}

extension Target {
    static var core: Target {
        .target(name: "Core", dependencies: [Dependency.product(name: "Logging", package: "Shared")])
    }

    static func plugin(_ spec: PluginSpec) -> Target {
        let resources: [Resource]?
        switch (spec.resources, spec.name) {
        case (true, _): resources = [.process("Resources")]
        default: resources = nil
        }
        return .target(name: spec.name, dependencies: [Dependency.core], path: spec.folder, resources: resources)
    }
}

extension Product {
    static func pluginLibrary(_ name: String) -> Product {
        .library(name: name, targets: [name])
    }
}
