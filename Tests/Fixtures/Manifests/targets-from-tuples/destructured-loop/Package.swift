// swift-tools-version:5.9
import PackageDescription

// A helper returns a target and its product as a pair, taken apart in a loop over pairs.
var targets: [Target] = [
    .target(name: "Core", dependencies: [.product(name: "Logging", package: "Shared")]),
]
var products: [Product] = [.library(name: "Core", targets: ["Core"])]

func plugin(_ name: String, resources: Bool = false) -> (target: Target, product: Product) {
    let target = Target.target(
        name: name,
        dependencies: [.target(name: "Core")],
        path: "Plugins/\(name)",
        resources: resources ? [.process("Resources")] : nil
    )
    return (target, .library(name: name, targets: [name]))
}

for (name, hasResources) in [("Alpha", false), ("Beta", true), ("Gamma", false)] {
    let (target, product) = plugin(name, resources: hasResources)
    targets.append(target)
    products += [product]
}
targets.append(.testTarget(name: "CoreTests", dependencies: ["Core"]))

let package = Package(
    name: "Plugins",
    products: products,
    dependencies: [.package(path: "../Shared")],
    targets: targets
)
