import StrataDiscovery
import StrataModel
import Testing

@Suite struct SwiftPackageReaderTests {
    func read(_ source: String) -> Manifest {
        SwiftPackageReader.read(Array(source.utf8), path: "Package.swift")
    }

    @Test func readsLiteralTargetsProductsAndEveryDependencySpelling() {
        let manifest = read("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "App",
                products: [
                    .library(name: "Kit", type: .dynamic, targets: ["Core"]),
                    .library(name: "Static", type: .static, targets: ["Core"]),
                    .library(name: "Auto", targets: ["Core"]),
                ],
                dependencies: [
                    .package(url: "https://github.com/hmlongco/Factory.git", from: "2.3.0"),
                    .package(path: "../LocalKit"),
                ],
                targets: [
                    .target(name: "Core"),
                    .target(
                        name: "Feature",
                        dependencies: [
                            "Core",
                            .target(name: "Core"),
                            .product(name: "Factory", package: "Factory"),
                            .byName(name: "Core"),
                        ],
                        path: "Custom/Feature",
                        exclude: ["README.md"],
                        sources: ["A.swift"]
                    ),
                    .executableTarget(name: "Tool"),
                    .testTarget(name: "CoreTests", dependencies: ["Core"]),
                    .macro(name: "Macros"),
                    .plugin(name: "Plug", capability: .buildTool()),
                    .systemLibrary(name: "CLib"),
                    .binaryTarget(name: "Bin", path: "Bin.xcframework"),
                ]
            )
            """)
        #expect(manifest.name == "App")
        #expect(manifest.diagnostics.isEmpty)
        #expect(manifest.targets.map(\.name) == ["Core", "Feature", "Tool", "CoreTests", "Macros", "Plug", "CLib", "Bin"])
        #expect(manifest.targets.map(\.kind) == [.library, .library, .executable, .test, .macro, .plugin, .system, .binary])
        let feature = manifest.targets[1]
        guard case .package(let path, let sources, let exclude) = feature.sources else {
            Issue.record("a SwiftPM target should have a package layout")
            return
        }
        #expect(path == "Custom/Feature")
        #expect(exclude == ["README.md"])
        #expect(sources == ["A.swift"])
        #expect(feature.dependencies.map(\.kind) == [.byName, .target, .product, .byName])
        #expect(feature.dependencies[2].package == "Factory")
        #expect(feature.dependencies.map(\.evidence.line) == [19, 20, 21, 22])
        #expect(manifest.products.map(\.linkage) == [.dynamic, .static, .automatic])
        // Core is in a dynamic product, which wins over its static and automatic ones.
        #expect(manifest.targets.map { $0.linkage?.kind } == [.dynamic, .static, .executable, .executable, .executable, .executable, .unknown, .unknown])
        #expect(manifest.targets[0].linkage?.evidence == Location(file: "Package.swift", line: 6))
        #expect(manifest.targets[0].linkage?.reason == "in product Kit (type: .dynamic)")
        #expect(manifest.remoteDependencies == ["Factory"])
        #expect(manifest.localDependencies == ["LocalKit"])
    }

    @Test func followsVariablesAppendsHelpersAndEnvironmentChecks() {
        let manifest = read("""
            import PackageDescription
            let atomics: Target.Dependency = .product(name: "Atomics", package: "swift-atomics")
            var targets: [Target] = [.target(name: "A", dependencies: [atomics, .core])]
            targets.append(.target(name: "B"))
            func feature(_ name: String) -> Target { .target(name: "\\(name)Feature", dependencies: [.target(name: "A")]) }
            let package = Package(name: "P", targets: targets + [feature("Login")])
            package.targets += [.target(name: "C")]
            if Context.environment["BENCHMARKS"] != nil {
                package.targets.append(.target(name: "OnlyWithEnvironment"))
            }
            #if os(Windows)
            package.targets.append(.target(name: "OnlyOnWindows"))
            #endif
            extension Target.Dependency {
                static let core: Self = .target(name: "Core")
            }
            """)
        #expect(manifest.targets.map(\.name) == ["A", "B", "LoginFeature", "C"])
        #expect(manifest.targets[0].dependencies.map(\.name) == ["Atomics", "Core"])
        #expect(manifest.targets[2].dependencies.map(\.name) == ["A"])
        // A plain build sees the variable unset: a note, not a warning.
        #expect(manifest.diagnostics == [Diagnostic(file: "Package.swift", line: 8, message: "BENCHMARKS read as unset, as a plain build sees it", isNote: true)])
    }

    @Test func evaluatesClosuresLoopsAndHelpersLikeTheCompilerWould() {
        let manifest = read("""
            import PackageDescription
            let names = ["X", "Y"]
            let package = Package(
                name: "P",
                targets: [
                    .target(name: "Literal"),
                    .target(name: "All", dependencies: names.map { .target(name: $0) }),
                ] + names.map { .target(name: $0) }
            )
            for name in names { package.targets.append(.target(name: name + "Tests")) }
            """)
        #expect(manifest.targets.map(\.name) == ["Literal", "All", "X", "Y", "XTests", "YTests"])
        #expect(manifest.targets[1].dependencies.map(\.name) == ["X", "Y"])
        #expect(manifest.diagnostics.isEmpty)
    }

    @Test func warnsWithTheLineOfWhatItCannotEvaluateAndKeepsTheRest() {
        let manifest = read("""
            import PackageDescription
            let package = Package(
                name: "P",
                targets: [
                    .target(name: "Literal"),
                    .target(name: "Generated", dependencies: loadDependencies(from: "deps.json")),
                ] + discoveredTargets()
            )
            var index = 0
            while index < 2 { package.targets.append(.target(name: "T\\(index)")); index += 1 }
            """)
        #expect(manifest.targets.map(\.name) == ["Literal", "Generated"])
        let lines = manifest.diagnostics.compactMap(\.line)
        #expect(lines.contains(6), "the dependencies that come from a file")
        #expect(lines.contains(7), "targets from a function Strata does not know")
        #expect(lines.contains(10), "the while loop")
        #expect(manifest.diagnostics.allSatisfy { $0.file == "Package.swift" })
    }

    @Test func undecidableConditionsAreAssumedFalseWithAWarning() {
        let manifest = read("""
            import PackageDescription
            let products: [Product]
            if dynamicBuild {
                products = [.library(name: "Dyn", type: .dynamic, targets: ["A"])]
            } else {
                products = [.library(name: "A", targets: ["A"])]
            }
            let package = Package(name: "P", products: products, targets: [.target(name: "A")])
            var dynamicBuild: Bool { readBuildFlag("DYNAMIC") }
            """)
        #expect(manifest.products.map(\.name) == ["A"])
        #expect(manifest.diagnostics.map(\.line) == [3])
    }

    @Test func environmentVariablesAreUnsetAsInAPlainBuildWithANote() {
        let manifest = read("""
            import PackageDescription
            let products: [Product]
            if dynamicBuild {
                products = [.library(name: "Dyn", type: .dynamic, targets: ["A"])]
            } else {
                products = [.library(name: "A", targets: ["A"])]
            }
            let package = Package(name: "P", products: products, targets: [.target(name: "A")])
            var dynamicBuild: Bool { hasEnvironmentVariable("DYNAMIC") }
            func hasEnvironmentVariable(_ name: String) -> Bool {
                let value = ProcessInfo.processInfo.environment[name]
                return value != nil
            }
            """)
        #expect(manifest.products.map(\.name) == ["A"])
        #expect(manifest.diagnostics.map(\.line) == [3])
        #expect(manifest.diagnostics.map(\.isNote) == [true])
        #expect(manifest.diagnostics.first?.message == "DYNAMIC read as unset, as a plain build sees it")
    }

    @Test func readingAFileIsAWarningNotAValue() {
        let manifest = read("""
            import Foundation
            import PackageDescription
            let name = try! String(contentsOfFile: "name.txt")
            let package = Package(name: "P", targets: [.target(name: name), .target(name: "Good")])
            """)
        #expect(manifest.targets.map(\.name) == ["Good"])
        #expect(manifest.diagnostics.map(\.line) == [4])
        #expect(manifest.diagnostics.first?.message.contains("`String(contentsOfFile:)` reads a file") == true)
    }

    /// A syntax error is named with its line; a manifest without a package (empty, or not
    /// understood) has its modules guessed from the folders beside it, as without a manifest.
    @Test func aManifestWithoutAPackageGivesAWarningAndTheFoldersStandIn() {
        let manifest = SwiftPackageReader.read(
            Array("import PackageDescription\nlet package = Package(name: \"P\",\n  targets: [.target(name: \"A\"]\n".utf8),
            path: "Package.swift", files: ["Package.swift", "Sources/Good/Good.swift", "Tests/GoodTests/T.swift"])
        #expect(manifest.diagnostics.first == Diagnostic(file: "Package.swift", line: 3, message: "syntax error; what follows may be missing from the analysis"))
        #expect(manifest.targets.map(\.name) == ["A"])

        let empty = SwiftPackageReader.read([], path: "Sub/Package.swift", files: ["Sub/Package.swift", "Sub/Sources/Good/Good.swift"])
        #expect(empty.targets.map(\.name) == ["Good"])
        #expect(empty.diagnostics.map(\.message) == ["no `let package = Package(...)` found; modules guessed from the Sources/ and Tests/ folders beside it"])
    }
}
