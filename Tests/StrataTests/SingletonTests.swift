import Foundation
import StrataModel
import StrataPipeline
import Testing

/// A module's process-wide state (`modules[].singletons`): shared instances by name, and types
/// named as DI containers only when the module gives them a container's method.
@Suite struct SingletonTests {
    @Test func aTypeNamedAsAContainerIsOneOnlyWhenItRegistersResolvesOrAssembles() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "Core")])
            """)
        // Its `register` in an extension in another file; `resolve` as a static method.
        try folder.write("Sources/Core/DIContainer.swift", "public final class DIContainer {\n    var factories: [String: () -> Any] = [:]\n}\n")
        try folder.write("Sources/Core/DIContainer+Register.swift", "extension DIContainer {\n    func register<T>(_ factory: @escaping () -> T) {}\n}\n")
        try folder.write("Sources/Core/Services.swift", "enum ServiceAssembler {\n    static func assembleAll() {}\n}\nenum AppContainer {\n    static func resolveEverything() {}\n}\n")
        // Nested two levels deep, its method in an extension spelled with the full path.
        try folder.write("Sources/Core/Nested.swift", "enum Shell {\n    enum DI {\n        final class ServiceContainer {}\n    }\n}\n")
        try folder.write("Sources/Core/Nested+Register.swift", "extension Shell.DI.ServiceContainer {\n    func registerFactory() {}\n}\n")
        // A container whose shared instance names its state more precisely.
        try folder.write("Sources/Core/Locator.swift", "final class LocatorContainer {\n    static let shared = LocatorContainer()\n    func resolve() {}\n}\n")
        // Telegram-iOS's: a display node, a nested decoding container, a view: no container's method.
        try folder.write("Sources/Core/Nodes.swift", """
            class ASDisplayNode {}
            final class NavigationContainer: ASDisplayNode {
                func update() {}
            }
            struct Decoder {}
            extension Decoder {
                final class KeyedContainer<Key> {
                    func decode(_ key: Key) -> Int { 0 }
                }
            }
            struct HeaderContainer {}
            final class ListContainer {
                func registerCells() {}
            }
            final class ThemeContainer {
                func resolvedColor() -> Int { 0 }
            }
            """)
        let result = try Pipeline.run(.init(path: folder.path, cacheDirectory: nil)).result
        let core = try #require(result.modules.first { $0.module.name == "Core" }?.module)
        #expect(core.singletons.map(\.name).sorted() == ["AppContainer", "DIContainer", "LocatorContainer.shared", "ServiceAssembler", "ServiceContainer"])
    }
}
