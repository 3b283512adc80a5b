import Foundation
import StrataModel
import StrataPipeline
import Testing

/// `#if` around imports decided for the platforms a module is built for, with DEBUG set and
/// `strata.yml`'s conditions, never for the machine running Strata: on Linux an iOS app
/// still gets the iOS answer.
@Suite struct CompilationConditionTests {
    func analyze(_ config: String? = nil) throws -> AnalysisResult {
        let repo = try TemporaryDirectory()
        try repo.write("project.yml", """
            name: Conditions
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                dependencies: [{target: Kit}, {target: MacSupport}, {target: DebugMenu}, {target: StagingConfig}, {target: SimulatorTools}]
            \(["Kit", "MacSupport", "DebugMenu", "StagingConfig", "SimulatorTools"].map { "  \($0):\n    type: framework\n    platform: iOS\n    sources: [\($0)]" }.joined(separator: "\n"))
            """)
        try repo.write("App/App.swift", """
            #if canImport(UIKit)
            import UIKit
            import Kit
            #elseif os(macOS)
            import AppKit
            import MacSupport
            #endif
            #if targetEnvironment(simulator)
            import SimulatorTools
            #endif
            #if DEBUG
            import DebugMenu
            #endif
            #if STAGING
            import StagingConfig
            #endif
            #if os(Linux) || canImport(Glibc)
            import Glibc
            #endif
            """)
        for name in ["Kit", "MacSupport", "DebugMenu", "StagingConfig", "SimulatorTools"] {
            try repo.write("\(name)/\(name).swift", "public struct \(name)Type {}\n")
        }
        if let config { try repo.write("strata.yml", config) }
        return try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
    }

    func app(_ result: AnalysisResult) throws -> AssembledModule {
        try #require(result.modules.first { $0.module.name == "App" }?.module)
    }

    /// macCatalyst builds as iOS: a package listing both (as swift-syntax does) is built
    /// for iOS once.
    @Test func aPackagesPlatformsAreListedOnce() throws {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", platforms: [.macOS(.v10_15), .iOS(.v13), .macCatalyst(.v13), .driverKit(.v20)],
                                  targets: [.target(name: "Kit")])
            """)
        try repo.write("Sources/Kit/Kit.swift", "public struct K {}\n")
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let kit = try #require(result.modules.first { $0.module.name == "Kit" }?.module)
        #expect(kit.platforms == ["macOS", "iOS", "Linux", "Windows", "Android"])
    }

    @Test func anIOSAppGetsTheIOSAnswerOnAnyMachine() throws {
        let result = try analyze()
        let app = try app(result)
        #expect(app.platforms == ["iOS"])
        #expect(app.imports.map(\.module) == ["UIKit", "Kit", "DebugMenu"])
        #expect(app.inactiveImports?.map(\.module) == ["AppKit", "MacSupport", "SimulatorTools", "StagingConfig", "Glibc"])
        #expect(app.inactiveImports?.first?.condition == "!(canImport(UIKit)) && os(macOS)")
        let edges = result.namedEdges.filter { $0.from == "App" && $0.edge.imported }.map(\.to)
        #expect(edges == ["DebugMenu", "Kit"])
        // Declared but only imported under a condition that is false for iOS: unused.
        #expect(result.unusedDependencies.map(\.dependency) == ["MacSupport", "SimulatorTools", "StagingConfig"])
    }

    @Test func strataYmlSetsThePlatformAndCustomConditions() throws {
        let staging = try app(try analyze("build:\n  conditions: [STAGING]\n"))
        #expect(staging.imports.map(\.module).contains("StagingConfig"))
        let mac = try app(try analyze("build:\n  platforms: [macOS]\n"))
        #expect(mac.platforms == ["macOS"])
        #expect(mac.imports.map(\.module) == ["AppKit", "MacSupport", "DebugMenu"])
        #expect(throws: (any Error).self) { try analyze("build:\n  platforms: [PalmOS]\n") }
    }

    @Test func aPackageWithoutPlatformsIsBuiltForAllOfThem() throws {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Server", targets: [.target(name: "Core"), .target(name: "Compat", dependencies: ["Core"])])
            """)
        try repo.write("Sources/Core/Core.swift", "public struct Core {}\n")
        try repo.write("Sources/Compat/Compat.swift", """
            #if os(Linux)
            import Core
            #endif
            #if false
            import Nothing
            #endif
            """)
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let compat = try #require(result.modules.first { $0.module.name == "Compat" }?.module)
        #expect(compat.imports.map(\.module) == ["Core"])
        #expect(compat.inactiveImports?.map(\.module) == ["Nothing"])
        #expect(result.unusedDependencies.isEmpty)
    }
}
