// swift-tools-version:5.9
import PackageDescription

// Closures whose parameters take each tuple apart.
typealias Plugin = (name: String, hasResources: Bool)
let plugins: [Plugin] = [("Alpha", false), (name: "Beta", hasResources: true), ("Gamma", false)]

let made: [(target: Target, product: Product)] = plugins.map { name, hasResources in
    (
        target: .target(
            name: name,
            dependencies: [.target(name: "Core")],
            path: "Plugins/" + name,
            resources: hasResources ? [.process("Resources")] : nil
        ),
        product: .library(name: name, targets: [name])
    )
}

var pluginTargets: [Target] = []
made.forEach { (target, _) in pluginTargets.append(target) }

let package = Package(
    name: "Plugins",
    products: [.library(name: "Core", targets: ["Core"])] + made.map { (_, product) in product },
    dependencies: [.package(path: "../Shared")],
    targets: [.target(name: "Core", dependencies: [.product(name: "Logging", package: "Shared")])]
        + pluginTargets
        + [.testTarget(name: "CoreTests", dependencies: ["Core"])]
)
