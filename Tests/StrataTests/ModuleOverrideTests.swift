import StrataAssemble
import StrataConfiguration
import StrataDiscovery
import StrataModel
import Testing

@Suite struct ModuleOverrideTests {
    func discover(_ files: [String: String], config: String) throws -> Discovery {
        let tree = MemoryTree(files)
        var discoverer = Discoverer(tree: tree)
        discoverer.overrides = try Configuration.parse(config, file: "strata.yml").modules
        return discoverer.discover(files: try tree.files())
    }

    let package = """
        import PackageDescription
        let package = Package(name: "App", targets: [
            .target(name: "Core"),
            .target(name: "Feature", dependencies: ["Core"]),
        ])
        """

    @Test func renamesSetsLinkageAndKeepsTheImportName() throws {
        let discovery = try discover(
            ["Package.swift": package, "Sources/Core/A.swift": "", "Sources/Feature/F.swift": ""],
            config: """
                modules:
                  - name: AppCore
                    module: Core
                    linkage: dynamic
                """)
        let core = try #require(discovery.modules.first { $0.name == "AppCore" })
        #expect(core.importName == "Core")
        #expect(core.target == "Core")
        #expect(core.linkage == Linkage(.dynamic, evidence: Location(file: "strata.yml", line: 2), reason: "set in strata.yml"))
        #expect(discovery.diagnostics.isEmpty)
    }

    @Test func aFolderBecomesAModuleAndTakesItsFilesFromTheOldOne() throws {
        let discovery = try discover(
            ["Package.swift": package, "Sources/Core/A.swift": "", "Sources/Core/Networking/N.swift": "", "Sources/Feature/F.swift": ""],
            config: """
                modules:
                  - name: Networking
                    path: Sources/Core/Networking
                    kind: library
                    linkage: static
                """)
        let byName = Dictionary(uniqueKeysWithValues: discovery.modules.map { ($0.name, $0) })
        #expect(byName["Networking"]?.sourceFiles == ["Sources/Core/Networking/N.swift"])
        #expect(byName["Networking"]?.system == .config)
        #expect(byName["Networking"]?.manifest == Location(file: "strata.yml", line: 2))
        #expect(byName["Core"]?.sourceFiles == ["Sources/Core/A.swift"])
    }

    @Test func anEntryThatMatchesNothingIsAWarningAtItsLine() throws {
        let discovery = try discover(
            ["Package.swift": package, "Sources/Core/A.swift": "", "Sources/Feature/F.swift": ""],
            config: "modules:\n  - name: Core\n  - name: Missing\n    linkage: static\n")
        #expect(discovery.diagnostics == [Diagnostic(file: "strata.yml", line: 3, message: "no module named Missing was discovered; this entry changes nothing")])
    }

    @Test func renamingOntoAnotherModuleKeepsNamesUniqueWithAWarning() throws {
        let discovery = try discover(
            ["Package.swift": package, "Sources/Core/A.swift": "", "Sources/Feature/F.swift": ""],
            config: "modules:\n  - name: Core\n    module: Feature\n")
        #expect(discovery.modules.map(\.name) == ["Core", "Core#2"])
        #expect(discovery.diagnostics.map(\.message) == ["a second module named Core is called Core#2 here; rename one (strata.yml modules:)"])
    }

    @Test func invalidEntriesAreErrorsWithLineAndColumn() {
        func problem(_ text: String) -> Configuration.Invalid? {
            do throws(Configuration.Invalid) { _ = try Configuration.parse(text, file: "strata.yml") } catch { return error }
            return nil
        }
        let unknownKey = problem("modules:\n  - name: A\n    linkge: static\n")
        #expect(unknownKey?.line == 3)
        #expect(unknownKey?.column == 5)
        #expect(unknownKey?.reason.contains("unknown module setting 'linkge'") == true)
        let badLinkage = problem("modules:\n  - name: A\n    linkage: shared\n")
        #expect(badLinkage?.reason.contains("linkage 'shared' is not one of static, dynamic, executable") == true)
        #expect(badLinkage?.line == 3)
        let noName = problem("modules:\n  - path: X\n")
        #expect(noName?.reason.contains("'name' is missing") == true)
        #expect(problem("modules:\n  - A\n")?.line == 2)
    }
}

@Suite struct CrossSystemTests {
    @Test func oneModuleDescribedByThreeSystemsIsOneModuleFromThePackage() throws {
        let tree = MemoryTree([
            "Package.swift": """
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit", path: "Sources")])
                """,
            "Sources/Kit.swift": "",
            "Sources/Other.swift": "",
        ])
        let globTarget = Manifest.Target(name: "Kit", kind: .library, sources: .globs(include: ["Sources/**/*.{swift}"], exclude: []), line: 4)
        let files = try tree.files()
        let podspec = Manifest(name: "Kit", system: .cocoapods, path: "Kit.podspec", targets: [globTarget])
        let xcode = Manifest(name: "Kit", system: .xcode, path: "Kit.xcodeproj/project.pbxproj", targets: [
            Manifest.Target(name: "Kit-iOS", importName: "Kit", kind: .library, sources: .globs(include: ["Sources/Kit.swift"], exclude: []), line: 9),
            Manifest.Target(name: "KitTests", kind: .test, sources: .globs(include: ["Tests/**"], exclude: []), line: 30),
        ])
        let package = SwiftPackageReader.read(try tree.read("Package.swift"), path: "Package.swift")
        let discovery = Discoverer(tree: tree).discover(manifests: [podspec, xcode, package], files: files)
        // The test target has no files here, so there is nothing to merge it with; it stays.
        #expect(discovery.modules.map(\.name) == ["Kit", "KitTests"])
        #expect(discovery.modules.first?.system == .swiftpm)
        #expect(discovery.modules.first?.alsoDeclaredIn == [
            Location(file: "Kit.podspec", line: 4), Location(file: "Kit.xcodeproj/project.pbxproj", line: 9),
        ])
    }

    @Test func podsAndPodfileTargetsStillResolveWhenTheirTwinWasKept() throws {
        let files = ["Sources/GRDB/DB.swift", "App/A.swift"]
        let tree = MemoryTree(Dictionary(uniqueKeysWithValues: files.map { ($0, "") }))
        let package = SwiftPackageReader.read(Array("""
            import PackageDescription
            let package = Package(name: "GRDB", targets: [.target(name: "GRDB")])
            """.utf8), path: "Package.swift")
        let podspec = Manifest(name: "GRDB.swift", system: .cocoapods, path: "GRDB.swift.podspec", targets: [
            Manifest.Target(name: "GRDB.swift", importName: "GRDB", kind: .library, product: "pod", sources: .globs(include: ["Sources/GRDB/**"], exclude: []), line: 2),
        ])
        let xcode = Manifest(name: "App", system: .xcode, path: "App.xcodeproj/project.pbxproj", targets: [
            Manifest.Target(name: "App-iOS", importName: "App", kind: .app, sources: .globs(include: ["App/A.swift"], exclude: []), line: 7),
            Manifest.Target(name: "App-macOS", importName: "App", kind: .app, sources: .globs(include: ["App/A.swift"], exclude: []), line: 9),
        ])
        let podfile = Manifest(name: "Podfile", system: .cocoapods, path: "Podfile", targets: [
            Manifest.Target(
                name: "App-macOS", kind: .app, sources: .amends(fallback: ["App-macOS/**"]),
                dependencies: [DeclaredDependency(name: "GRDB.swift", kind: .pod, evidence: Location(file: "Podfile", line: 3))], line: 2),
        ])
        let discovery = Discoverer(tree: tree).discover(manifests: [podfile, podspec, xcode, package], files: files)
        #expect(discovery.modules.map(\.name) == ["App-iOS", "GRDB"])
        #expect(discovery.pods == ["GRDB.swift": "GRDB"])
        let app = try #require(discovery.modules.first)
        #expect(app.dependencies.map(\.name) == ["GRDB.swift"], "the Podfile amends the kept twin of App-macOS")
        let project = Assembler.assemble(root: "R", discovery: discovery, facts: [:], diagnostics: [])
        #expect(project.modules.first?.dependencies.first?.modules == ["GRDB"])
    }
}
