import Foundation
import StrataConfiguration
import StrataDiscovery
import StrataModel
import StrataPipeline
import StrataSourceTree
import Testing

/// Shapes real repositories use that our own samples did not: each once read wrong by Strata
/// while SwiftPM, Xcode and the compiler read it right.
@Suite struct ManifestShapeTests {
    func read(_ source: String) -> Manifest {
        SwiftPackageReader.read(Array(source.utf8), path: "Package.swift")
    }

    func discover(_ files: [String: String], configuration: Configuration = Configuration()) throws -> Discovery {
        try TreeAnalysis.discover(tree: MemoryTree(files), configuration: configuration).discovery
    }

    // MARK: - Environment reads

    /// An app adds its client targets unless `SERVER_ONLY` is set: a plain `swift build` sees
    /// every variable unset, so they are there, with one note (not a warning) naming the line.
    static func serverOnly(_ comparison: String) -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription
        import Foundation
        let package = Package(name: "App", products: [], targets: [.target(name: "Server")])
        if ProcessInfo.processInfo.environment["SERVER_ONLY"] \(comparison) nil {
            package.products.append(.library(name: "Clients", targets: ["Feed", "Profile"]))
            package.targets.append(contentsOf: [
                .target(name: "Feed", dependencies: ["Server"]),
                .target(name: "Profile", dependencies: ["Feed"]),
            ])
        }
        """
    }

    @Test func anEnvironmentVariableIsUnsetAsAPlainBuildSeesIt() {
        let unset = read(Self.serverOnly("=="))
        #expect(unset.targets.map(\.name) == ["Server", "Feed", "Profile"])
        #expect(unset.products.map(\.name) == ["Clients"])
        #expect(unset.diagnostics == [
            Diagnostic(file: "Package.swift", line: 5, message: "SERVER_ONLY read as unset, as a plain build sees it", isNote: true),
        ])
        let set = read(Self.serverOnly("!="))
        #expect(set.targets.map(\.name) == ["Server"])
        #expect(set.diagnostics.map(\.isNote) == [true])
    }

    @Test func everyWayOfReadingTheEnvironmentGivesWhatAnUnsetVariableGives() {
        let manifest = read("""
            import PackageDescription
            import Foundation
            let env = ProcessInfo.processInfo.environment
            let suffix = env["SUFFIX"] ?? "Default"
            let strict = env["STRICT"].map { $0 == "1" } ?? false
            let local = Context.environment.keys.contains("LOCAL_DEPS")
            func hasEnvironmentVariable(_ name: String) -> Bool { ProcessInfo.processInfo.environment[name] != nil }
            var targets: [Target] = [.target(name: "Core\\(suffix)")]
            if strict { targets.append(.target(name: "Strict")) }
            if local { targets.append(.target(name: "Local")) }
            if !hasEnvironmentVariable("NO_TESTS") { targets.append(.testTarget(name: "CoreTests")) }
            let package = Package(name: "P", targets: targets)
            """)
        #expect(manifest.targets.map(\.name) == ["CoreDefault", "CoreTests"])
        #expect(manifest.diagnostics.count == 1)
        #expect(manifest.diagnostics.first?.isNote == true)
        #expect(manifest.diagnostics.first?.message == "SUFFIX, STRICT, LOCAL_DEPS and NO_TESTS read as unset, as a plain build sees them")
    }

    /// A note is printed as one and is not counted among warnings.
    @Test func aNoteIsNotAWarning() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", Self.serverOnly("=="))
        for name in ["Server", "Feed", "Profile"] { try folder.write("Sources/\(name)/\(name).swift", "import Foundation\n") }
        let output = folder.path + "/out"
        let finished = try run(builtProduct("strata")!, ["analyze", folder.path, "-o", output, "--format", "json", "--no-cache"])
        #expect(finished.status == 0, "\(finished.all)")
        #expect(finished.all.contains("Package.swift:5: note: SERVER_ONLY read as unset"), "\(finished.all)")
        #expect(!finished.all.contains("Package.swift:5: warning"), "\(finished.all)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/strata.json"))) as? [String: Any]
        let summary = json?["summary"] as? [String: Any]
        #expect(summary?["warnings"] as? Int == 0)
        let warnings = json?["warnings"] as? [[String: Any]]
        #expect(warnings?.first?["note"] as? Bool == true)
    }

    // MARK: - A Package.swift that declares nothing

    @Test func aPlaceholderPackageLetsTheXcodeProjectDescribeTheFolder() throws {
        var project = ProjectFile()
        project.project(targets: ["APP", "KIT", "TESTS"], mainGroup: "MAIN")
        project.add("MAIN", "isa = PBXGroup; children = (APPFILE, KITFILE, TESTFILE, ); sourceTree = \"<group>\";")
        for (id, path) in [("APPFILE", "Reader/App.swift"), ("KITFILE", "Kit/Kit.swift"), ("TESTFILE", "ReaderTests/AppTests.swift")] {
            project.add(id, "isa = PBXFileReference; path = \(path); sourceTree = \"<group>\";")
            project.add(id + "B", "isa = PBXBuildFile; fileRef = \(id);")
            project.add(id + "P", "isa = PBXSourcesBuildPhase; files = (\(id)B, );")
        }
        project.target("APP", name: "Reader", type: "application", phases: ["APPFILEP"])
        project.target("KIT", name: "Kit", type: "framework", phases: ["KITFILEP"])
        project.target("TESTS", name: "ReaderTests", type: "bundle.unit-test", phases: ["TESTFILEP"])
        let discovery = try discover([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
            "Reader.xcodeproj/project.pbxproj": project.text,
            "Reader/App.swift": "", "Kit/Kit.swift": "", "ReaderTests/AppTests.swift": "",
            "Sources/Stray/Stray.swift": "",
        ])
        #expect(discovery.modules.map(\.name) == ["Kit", "Reader", "ReaderTests"])
        #expect(discovery.modules.map(\.kind) == [.library, .app, .test])
        #expect(discovery.modules.allSatisfy { $0.system == .xcode })
        #expect(discovery.diagnostics.map(\.message) == [
            "no `let package = Package(...)` found: it describes no module; the other manifests in its folder do",
        ])
        #expect(discovery.diagnostics.first?.file == "Package.swift")
    }

    @Test func aPlaceholderPackageAloneStillGuessesFromTheFolders() throws {
        let discovery = try discover(["Package.swift": "import PackageDescription\n", "Sources/Core/Core.swift": ""])
        #expect(discovery.modules.map(\.name) == ["Core"])
    }

    // MARK: - Language modes and `#if swift(...)`

    func languageMode(_ manifest: String, target: String = "A") -> String? {
        read(manifest).targets.first { $0.name == target }?.languageMode
    }

    @Test func theLanguageModeComesFromEachPlaceSwiftPMTakesItFrom() {
        let targets = #"targets: [.target(name: "A")]"#
        #expect(languageMode("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"P\", \(targets))") == "6")
        #expect(languageMode("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", \(targets))") == "5")
        #expect(languageMode("// swift-tools-version:4.2\nimport PackageDescription\nlet package = Package(name: \"P\", \(targets))") == "4.2")
        #expect(languageMode("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"P\", \(targets), swiftLanguageModes: [.v5])") == "5")
        #expect(languageMode("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", \(targets), swiftLanguageVersions: [.v4_2, .v5])") == "5")
        #expect(languageMode("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", \(targets), swiftLanguageVersions: [.version(\"6\")])") == "6")
        #expect(languageMode("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "A", swiftSettings: [.swiftLanguageMode(.v5)]),
                .target(name: "B", swiftSettings: [.unsafeFlags(["-swift-version", "4.2"])]),
            ])
            """) == "5")
        #expect(languageMode("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "B", swiftSettings: [.unsafeFlags(["-swift-version", "4.2"])])])
            """, target: "B") == "4.2")
    }

    func module(mode: String?) -> DiscoveredModule {
        var module = DiscoveredModule(name: "A", kind: .library, package: "P", path: "Sources/A", manifest: nil, dependencies: [], sourceFiles: [])
        module.languageMode = mode
        module.platforms = ["macOS"]
        return module
    }

    @Test func swiftVersionConditionsFollowTheModuleLanguageMode() {
        let conditions = CompilationConditions()
        #expect(conditions.isActive("swift(>=6.1)", in: module(mode: "6")) { _ in false })
        #expect(conditions.isActive("swift(>=6.3)", in: module(mode: nil)) { _ in false })
        #expect(!conditions.isActive("swift(>=6)", in: module(mode: "5")) { _ in false })
        #expect(conditions.isActive("swift(>=5.10)", in: module(mode: "5")) { _ in false })
        #expect(!conditions.isActive("swift(>=5)", in: module(mode: "4.2")) { _ in false })
        #expect(conditions.isActive("swift(>=4.2)", in: module(mode: "4.2")) { _ in false })
        // The compiler is 6.3 whatever the mode.
        #expect(conditions.isActive("compiler(>=6.1)", in: module(mode: "5")) { _ in false })
        #expect(!conditions.isActive("compiler(>=6.4)", in: module(mode: "6")) { _ in false })
    }

    /// End to end: the same source imports `Extras` in a Swift 6 mode package and not in a
    /// Swift 5 mode one.
    @Test func aSwiftVersionConditionAroundAnImportFollowsThePackageMode() throws {
        func importsExtras(_ modes: String) throws -> Bool {
            let manifest = "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"P\", "
                + "targets: [.target(name: \"App\"), .target(name: \"Extras\")], swiftLanguageModes: [\(modes)])\n"
            let tree = MemoryTree([
                "Package.swift": manifest,
                "Sources/App/App.swift": "#if swift(>=6.1)\nimport Extras\n#endif\n",
                "Sources/Extras/Extras.swift": "",
            ])
            let output = try TreeAnalysis.run(tree: tree, configuration: Configuration(), store: nil)
            return output.project.namedEdges.contains { $0.from == "App" && $0.to == "Extras" && $0.edge.imported }
        }
        #expect(try importsExtras(".v6"))
        #expect(try !importsExtras(".v5"))
    }

    /// Kit, a framework, as an Xcode project, an XcodeGen spec and a Tuist project (with a
    /// second target, Next), each with the build settings given in its own syntax.
    func kitInEachFormat(
        pbxproj: String, yaml: String, tuistProject: String, tuistNext: String
    ) throws -> (xcode: Discovery, xcodegen: Discovery, tuist: Discovery) {
        var project = ProjectFile()
        project.project(targets: ["KIT"], mainGroup: "MAIN")
        project.add("MAIN", "isa = PBXGroup; children = (F, ); sourceTree = \"<group>\";")
        project.add("F", "isa = PBXFileReference; path = Kit/Kit.swift; sourceTree = \"<group>\";")
        project.add("FB", "isa = PBXBuildFile; fileRef = F;")
        project.add("FP", "isa = PBXSourcesBuildPhase; files = (FB, );")
        project.target("KIT", name: "Kit", type: "framework", phases: ["FP"], settings: pbxproj)
        let xcode = try discover(["App.xcodeproj/project.pbxproj": project.text, "Kit/Kit.swift": ""])
        let xcodegen = try discover([
            "project.yml": "name: App\ntargets:\n  Kit:\n    type: framework\n    platform: iOS\n    sources: [Kit]\n    settings:\n      base:\n        \(yaml)\n",
            "Kit/Kit.swift": "",
        ])
        let tuist = try discover([
            "Project.swift": """
                import ProjectDescription
                let project = Project(
                    name: "App",
                    settings: .settings(base: [\(tuistProject)]),
                    targets: [
                        .target(name: "Kit", destinations: .iOS, product: .framework, bundleId: "a.kit", sources: ["Kit/**"]),
                        .target(name: "Next", destinations: .iOS, product: .framework, bundleId: "a.next", sources: ["Next/**"],
                                settings: .settings(base: [\(tuistNext)])),
                    ]
                )
                """,
            "Kit/Kit.swift": "", "Next/Next.swift": "",
        ])
        return (xcode, xcodegen, tuist)
    }

    @Test func xcodeXcodeGenAndTuistTakeTheModeFromSwiftVersion() throws {
        let found = try kitInEachFormat(
            pbxproj: "SWIFT_VERSION = 5.0;", yaml: "SWIFT_VERSION: \"4.2\"",
            tuistProject: #""SWIFT_VERSION": "5.0""#, tuistNext: #""SWIFT_VERSION": "6.0", "OTHER": "x""#)
        #expect(found.xcode.modules.first?.languageMode == "5")
        #expect(found.xcodegen.modules.first?.languageMode == "4.2")
        #expect(found.tuist.modules.map(\.languageMode) == ["5", "6"])
    }

    // MARK: - Compiler features

    /// `MemberImportVisibility` decides whether a member needs an import (`unused-import`):
    /// read however a manifest turns it on.
    @Test func upcomingFeaturesAreReadFromEachSpellingOfSwiftSettings() throws {
        func features(_ manifest: String, target: String = "A") -> [String]? {
            read(manifest).targets.first { $0.name == target }?.features
        }
        let header = "// swift-tools-version:6.0\nimport PackageDescription\n"
        #expect(features(header + #"let package = Package(name: "P", targets: [.target(name: "A", swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")])])"#)
            == ["MemberImportVisibility"])
        #expect(features(header + #"let package = Package(name: "P", targets: [.target(name: "A")])"#) == nil)
        // A shared list, a computed one, and settings appended to every target afterwards (the
        // "standard cross-repo settings" loop of swift-nio's packages).
        #expect(features(header + """
            let settings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny"), .enableExperimentalFeature("StrictConcurrency=complete")]
            let package = Package(name: "P", targets: [.target(name: "A", swiftSettings: settings)])
            """) == ["ExistentialAny", "StrictConcurrency"])
        #expect(features(header + """
            var swiftSettings: [SwiftSetting] { [.enableUpcomingFeature("MemberImportVisibility")] }
            let package = Package(name: "P", targets: [.target(name: "A", swiftSettings: swiftSettings)])
            """) == ["MemberImportVisibility"])
        #expect(features(header + """
            let package = Package(name: "P", targets: [.target(name: "A"), .testTarget(name: "ATests", dependencies: ["A"])])
            for target in package.targets {
                switch target.type {
                case .regular, .test, .executable:
                    var settings = target.swiftSettings ?? []
                    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
                    target.swiftSettings = settings
                default:
                    ()
                }
            }
            """, target: "ATests") == ["MemberImportVisibility"])
        #expect(features(header + #"let package = Package(name: "P", targets: [.target(name: "A", swiftSettings: [.unsafeFlags(["-Xfrontend", "-enable-upcoming-feature", "-Xfrontend", "MemberImportVisibility"])])])"#)
            == ["MemberImportVisibility"])
    }

    @Test func xcodeXcodeGenAndTuistTakeFeaturesFromBuildSettings() throws {
        let found = try kitInEachFormat(
            pbxproj: "SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY = YES; OTHER_SWIFT_FLAGS = \"$(inherited) -enable-upcoming-feature ExistentialAny\";",
            yaml: "SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY: YES",
            tuistProject: #""SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY": "YES""#,
            tuistNext: #""OTHER_SWIFT_FLAGS": ["-enable-upcoming-feature", "InternalImportsByDefault"]"#)
        #expect(found.xcode.modules.first?.features == ["ExistentialAny", "MemberImportVisibility"])
        #expect(found.xcodegen.modules.first?.features == ["MemberImportVisibility"])
        #expect(found.tuist.modules.map(\.features) == [["MemberImportVisibility"], ["InternalImportsByDefault"]])
    }

    // MARK: - Values read back

    /// swift-syntax 602.0.0's `SwiftSyntax-all` depends on every target that is not a test.
    @Test func membersOfTargetsReadBack() {
        let manifest = read("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "A"), .testTarget(name: "ATests", dependencies: ["A"]), .executableTarget(name: "Tool"),
            ])
            package.targets.append(.target(name: "All", dependencies: package.targets.compactMap {
                if $0.type == .test { return nil } else { return .byName(name: $0.name) }
            }))
            for target in package.targets where target.type == .executable {
                target.dependencies.append("A")
            }
            """)
        #expect(manifest.targets.first { $0.name == "All" }?.dependencies.map(\.name) == ["A", "Tool"])
        #expect(manifest.targets.first { $0.name == "Tool" }?.dependencies.map(\.name) == ["A"])
        #expect(manifest.diagnostics.isEmpty)
    }

    @Test func aTargetChangedThroughItsVariableIsChangedWhereItIsListed() {
        let manifest = read("""
            import PackageDescription
            let cli = Target.executableTarget(name: "CLI", dependencies: ["Core"])
            let package = Package(name: "P", targets: [.target(name: "Core"), .target(name: "Debugger"), cli])
            package.targets.forEach { target in
                if target.name == "Core" { target.dependencies += [.product(name: "NIO", package: "swift-nio")] }
            }
            cli.dependencies.append(.target(name: "Debugger"))
            """)
        #expect(manifest.targets.first { $0.name == "CLI" }?.dependencies.map(\.name) == ["Core", "Debugger"])
        #expect(manifest.targets.first { $0.name == "Core" }?.dependencies.map(\.name) == ["NIO"])
    }

    /// From the machine's package mirror: swift-syntax 602.0.0's manifest, read with no
    /// "could not be decided" warning and `SwiftSyntax-all` on exactly its non-test targets.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/opt/swift-packages/swiftlang/swift-syntax.git")))
    func swiftSyntax602ReadsAsSwiftPMReadsIt() throws {
        let git = try GitRepository(path: "/opt/swift-packages/swiftlang/swift-syntax.git")
        let tree = try GitRevisionTree(repository: git, commit: try git.resolve("602.0.0"))
        let discovery = try TreeAnalysis.discover(tree: tree, configuration: Configuration()).discovery
        let root = discovery.modules.filter { $0.id.manifest == "Package.swift" }
        let all = try #require(root.first { $0.target == "SwiftSyntax-all" })
        let expected = root.filter { $0.kind != .test && $0.target != "SwiftSyntax-all" }.map(\.target).sorted()
        #expect(all.dependencies.map(\.name).sorted() == expected)
        #expect(expected.count > 15)
        #expect(!discovery.diagnostics.contains { $0.file == "Package.swift" && !$0.isNote }, "\(discovery.diagnostics)")
    }

    // MARK: - Version-specific manifests

    @Test func theManifestSwiftPMPicksIsRead() throws {
        func targets(_ files: [String: String]) throws -> [String] {
            try discover(files.merging(["Sources/A/A.swift": "", "Sources/B/B.swift": ""]) { a, _ in a }).modules.map(\.name)
        }
        let newer = "// swift-tools-version:6.4\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])"
        let older = "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"B\")])"
        // Package.swift needs newer tools than 6.3: the 6.0 manifest beside it is read.
        #expect(try targets(["Package.swift": newer, "Package@swift-6.0.swift": older]) == ["B"])
        // Package.swift's tools are newer than the version-specific one's: Package.swift.
        #expect(try targets(["Package.swift": older.replacingOccurrences(of: "\"B\"", with: "\"A\""), "Package@swift-5.9.swift": older]) == ["A"])
        // A manifest named for the current version wins.
        #expect(try targets(["Package.swift": newer, "Package@swift-6.3.swift": older, "Package@swift-6.0.swift": newer]) == ["B"])
        // One above the current version is never read.
        #expect(try targets(["Package.swift": older.replacingOccurrences(of: "\"B\"", with: "\"A\""), "Package@swift-7.swift": older]) == ["A"])

        let discovery = try discover(["Package.swift": newer, "Package@swift-6.0.swift": older, "Sources/B/B.swift": ""])
        let module = try #require(discovery.modules.first)
        #expect(module.manifest == Location(file: "Package@swift-6.0.swift", line: 3))
        #expect(module.id == ModuleID(manifest: "Package.swift", target: "B"))
        #expect(Discoverer.readsFile("Package@swift-6.0.swift"))
    }

    // MARK: - One module, several manifests

    @Test func aCTargetDescribedByAPackageAndAPodspecIsOneModule() throws {
        let discovery = try discover([
            "Package.swift": """
                import PackageDescription
                let package = Package(name: "Kit", targets: [
                    .target(name: "Support", path: "Sources/Support"),
                    .target(name: "Kit", dependencies: ["Support"]),
                ])
                """,
            "Support.podspec": """
                Pod::Spec.new do |s|
                  s.name = 'Support'
                  s.version = '1.0'
                  s.source_files = 'Sources/Support/**/*.{h,m}'
                  s.framework = 'UIKit'
                end
                """,
            "Sources/Support/Support.m": "", "Sources/Support/include/Support.h": "", "Sources/Kit/Kit.swift": "",
        ])
        #expect(discovery.modules.map(\.name) == ["Kit", "Support"])
        let support = try #require(discovery.modules.first { $0.name == "Support" })
        #expect(support.system == .swiftpm)
        #expect(support.dependencies.isEmpty)
        #expect(support.alsoDeclaredIn.map(\.file) == ["Support.podspec"])
    }
}
