import StrataDiscovery
import StrataModel
import StrataSourceTree
import Testing

@Suite struct DiscovererTests {
    func discover(_ files: [String: String]) throws -> Discovery {
        let tree = MemoryTree(files)
        return Discoverer(tree: tree).discover(files: try tree.files())
    }

    /// A path's last component, whatever its slashes.
    @Test func aPathsNameIsItsLastComponent() {
        let cases = ["Sources/App/File.swift": "File.swift", "Package.swift": "Package.swift", "a/b/": "b", "": "", "/": "/", "a//b": "b", "ünï/cödé.swift": "cödé.swift"]
        for (path, name) in cases { #expect(RepositoryPath.name(of: path) == name, "\(path)") }
    }

    @Test func appliesSwiftPMLayoutPathsExcludesAndSources() throws {
        let discovery = try discover([
            "Package.swift": """
                import PackageDescription
                let package = Package(name: "App", targets: [
                    .target(name: "Core", exclude: ["Legacy"]),
                    .target(name: "UI", path: "Custom/UI", sources: ["Views"]),
                    .executableTarget(name: "Tool"),
                    .testTarget(name: "CoreTests", dependencies: ["Core"]),
                    .target(name: "Ghost"),
                ])
                """,
            "Sources/Core/A.swift": "",
            "Sources/Core/Legacy/Old.swift": "",
            "Sources/Core/Core.docc/Tutorial.swift": "",
            "Sources/Core/readme.md": "",
            "Custom/UI/Views/V.swift": "",
            "Custom/UI/Other/O.swift": "",
            "Sources/Tool/main.swift": "",
            "Tests/CoreTests/T.swift": "",
        ])
        let byName = Dictionary(uniqueKeysWithValues: discovery.modules.map { ($0.name, $0) })
        #expect(discovery.modules.map(\.name) == ["Core", "CoreTests", "Tool", "UI"])
        #expect(byName["Core"]?.sourceFiles == ["Sources/Core/A.swift"])
        #expect(byName["UI"]?.sourceFiles == ["Custom/UI/Views/V.swift"])
        #expect(byName["UI"]?.path == "Custom/UI")
        #expect(byName["Tool"]?.kind == .executable)
        #expect(byName["CoreTests"]?.sourceFiles == ["Tests/CoreTests/T.swift"])
        #expect(byName["Core"]?.manifest == Location(file: "Package.swift", line: 3))
        #expect(discovery.diagnostics.map(\.message).contains { $0.contains("Ghost") })
    }

    @Test func findsNestedPackagesAndKeepsTheirFilesApart() throws {
        let discovery = try discover([
            "Package.swift": #"let package = Package(name: "Root", targets: [.target(name: "Shared"), .target(name: "Kit")])"#,
            "Sources/Shared/S.swift": "",
            "Sources/Kit/K.swift": "",
            "Sources/Kit/Inner/Package.swift": #"let package = Package(name: "Inner", targets: [.target(name: "Kit")])"#,
            "Sources/Kit/Inner/Sources/Kit/I.swift": "",
            "Examples/Package.swift": #"let package = Package(name: "Examples", dependencies: [.package(path: "..")], targets: [.target(name: "Demo")])"#,
            "Examples/Sources/Demo/D.swift": "",
        ])
        #expect(discovery.packages.map(\.manifest) == ["Examples/Package.swift", "Package.swift", "Sources/Kit/Inner/Package.swift"])
        let byName = Dictionary(uniqueKeysWithValues: discovery.modules.map { ($0.name, $0) })
        #expect(byName["Demo"]?.sourceFiles == ["Examples/Sources/Demo/D.swift"])
        // The root package's Kit keeps its plain name: a nested package never renames it.
        #expect(byName["Kit"]?.sourceFiles == ["Sources/Kit/K.swift"])
        #expect(byName["Inner/Kit"]?.sourceFiles == ["Sources/Kit/Inner/Sources/Kit/I.swift"])
        #expect(byName["Kit"]?.id == ModuleID(manifest: "Package.swift", target: "Kit"))
        #expect(byName["Inner/Kit"]?.id == ModuleID(manifest: "Sources/Kit/Inner/Package.swift", target: "Kit"))
        #expect(byName["Shared"]?.sourceFiles == ["Sources/Shared/S.swift"])
    }

    @Test func fallsBackToTheDirectoryConventionWithAWarning() throws {
        let discovery = try discover([
            "Sources/Alpha/A.swift": "",
            "Sources/Beta/B.swift": "",
            "Tests/AlphaTests/T.swift": "",
        ])
        #expect(discovery.modules.map(\.name) == ["Alpha", "AlphaTests", "Beta"])
        #expect(discovery.modules.map(\.kind) == [.library, .test, .library])
        #expect(discovery.modules.allSatisfy { $0.manifest == nil })
        #expect(discovery.diagnostics.count == 1)
    }
}

@Suite struct PathFilterTests {
    @Test func skipsBuildFoldersAndUserGlobs() {
        let filter = PathFilter(excludes: ["Samples/**", "*.generated.swift", "Sources/Gen"])
        #expect(filter.skipsDirectory(".build", name: ".build"))
        #expect(filter.skipsDirectory(".build-release", name: ".build-release"), "any hidden folder, such as a second scratch path")
        #expect(filter.skipsDirectory("App/Pods", name: "Pods"))
        #expect(filter.skipsDirectory("Samples", name: "Samples"))
        #expect(filter.skipsDirectory("Sources/Gen", name: "Gen"))
        #expect(!filter.skipsDirectory("Sources/General", name: "General"))
        #expect(filter.skipsFile("Sources/A/Model.generated.swift"))
        #expect(!filter.skipsFile("Sources/A/Model.swift"))
    }

    /// A path is asked as a walk would ask it, folder by folder: the revision tree leaves out
    /// every skipped folder, `affected` only the excluded ones.
    @Test func aPathIsSkippedByAnyOfItsFolders() {
        let filter = PathFilter(excludes: ["Samples/**", "*.generated.swift", "Sources/Gen"])
        #expect(filter.skips(path: "Sources/Gen/Deep/A.swift"))
        #expect(filter.skips(path: "Samples/App/A.swift"))
        #expect(filter.skips(path: "Sources/A/Model.generated.swift"))
        #expect(filter.skips(path: ".build/x/A.swift"))
        #expect(filter.skips(path: "App/Pods/Alamofire/A.swift"))
        #expect(!filter.skips(path: "Sources/General/A.swift"))
        // Only the excludes: a hidden or vendored folder is no exclusion of the user's.
        #expect(!filter.skips(path: ".build/x/A.swift", ignoredFolders: false))
        #expect(!filter.skips(path: "App/Pods/Alamofire/A.swift", ignoredFolders: false))
        #expect(filter.skips(path: "Sources/Gen/Deep/A.swift", ignoredFolders: false))
    }

    @Test func globMatchesComponentsAndDoubleStars() {
        #expect(GlobPattern("a/**/z.swift").matches("a/b/c/z.swift"))
        #expect(GlobPattern("a/**/z.swift").matches("a/z.swift"))
        #expect(!GlobPattern("a/*.swift").matches("a/b/z.swift"))
        #expect(GlobPattern("a/?.swift").matches("a/b.swift"))
        #expect(GlobPattern("Pods").matches("x/y/Pods"))
    }
}
