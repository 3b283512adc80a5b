import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import StrataSourceTree
import Testing

/// `StrataSession`, the warm analysis behind `watch`, `mcp` and `lsp`: what a change reads
/// again, and that its answer is the one a fresh analysis gives.
@Suite struct SessionTests {
    /// App -> Feature -> Core, with a layer rule that forbids Core -> Feature.
    static func repository() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [
                .target(name: "Core"),
                .target(name: "Feature", dependencies: ["Core"]),
                .executableTarget(name: "App", dependencies: ["Feature", "Core"]),
            ])
            """)
        try folder.write("strata.yml", "layers:\n  - name: core\n    modules: [Core]\n  - name: feature\n    modules: [Feature]\n  - name: app\n    modules: [App]\n")
        try folder.write("Sources/Core/Money.swift", "public struct Money { public init() {} }\n")
        try folder.write("Sources/Core/Clock.swift", "public struct Clock { public init() {} }\n")
        try folder.write("Sources/Feature/Cart.swift", "import Core\npublic struct Cart { public var total = Money() }\n")
        try folder.write("Sources/App/main.swift", "import Feature\nimport Core\nprint(Cart(), Clock())\n")
        return folder
    }

    static func session(_ folder: TemporaryDirectory) throws -> StrataSession {
        try StrataSession(AnalysisSession.Input(repository: folder.path, cacheDirectory: nil))
    }

    /// The same repository analyzed from scratch, for comparison.
    static func fresh(_ folder: TemporaryDirectory) throws -> AnalysisResult {
        try Pipeline.run(Pipeline.Options(path: folder.path, formats: [], cacheDirectory: nil)).result
    }

    static func layerViolations(_ result: AnalysisResult) -> [String] {
        result.findings.filter { $0.rule == .layerViolation }.flatMap { $0.evidence.map(\.description) }
    }

    @Test func anEditIsParsedAloneAndItsFindingAppearsAndGoes() throws {
        let folder = try Self.repository()
        var session = try Self.session(folder)
        #expect(Self.layerViolations(session.result).isEmpty)
        try folder.write("Sources/Core/Money.swift", "import Feature\npublic struct Money { public init() {} }\n")
        let update = session.refresh(changed: ["Sources/Core/Money.swift"])
        #expect(update.parsed == 1)
        #expect(!update.rediscovered)
        #expect(update.appeared.contains { $0.rule == .layerViolation && $0.evidence.map(\.description) == ["Sources/Core/Money.swift:1"] })
        #expect(Self.layerViolations(session.result) == Self.layerViolations(try Self.fresh(folder)))
        #expect(session.result.findings == (try Self.fresh(folder)).findings)

        try folder.write("Sources/Core/Money.swift", "public struct Money { public init() {} }\n")
        let back = session.refresh(changed: [folder.path + "/Sources/Core/Money.swift"])  // an absolute path, as watchers may give
        #expect(back.disappeared.contains { $0.rule == .layerViolation })
        #expect(Self.layerViolations(session.result).isEmpty)
    }

    @Test func aFileNotReportedChangedIsNotReadAgain() throws {
        let folder = try Self.repository()
        var session = try Self.session(folder)
        // Changed on disk without telling the session: its facts stay the ones read at the start.
        try folder.write("Sources/Core/Clock.swift", "import Feature\npublic struct Clock { public init() {} }\n")
        try folder.write("Sources/App/main.swift", "import Feature\nimport Core\nprint(Cart(), Clock(), 1)\n")
        let update = session.refresh(changed: ["Sources/App/main.swift"])
        #expect(update.parsed == 1)
        #expect(Self.layerViolations(session.result).isEmpty)
        // Told, it reads it.
        session.refresh(changed: ["Sources/Core/Clock.swift"])
        #expect(Self.layerViolations(session.result) == ["Sources/Core/Clock.swift:1"])
        // Or when the watcher lost track: everything.
        try folder.write("Sources/Core/Clock.swift", "public struct Clock { public init() {} }\n")
        let everything = session.refresh(changed: [FileWatchers.everything])
        #expect(everything.rediscovered)
        #expect(Self.layerViolations(session.result).isEmpty)
    }

    @Test func unsavedTextIsAnalyzedInPlaceOfTheFile() throws {
        let folder = try Self.repository()
        var session = try Self.session(folder)
        session.edit("Sources/Feature/Cart.swift", text: "import Core\nimport App\npublic struct Cart {}\n")
        #expect(session.result.findings.contains { $0.rule == .layerViolation && $0.evidence.map(\.description) == ["Sources/Feature/Cart.swift:2"] })
        session.edit("Sources/Feature/Cart.swift", text: nil)
        #expect(Self.layerViolations(session.result).isEmpty)
    }

    /// A burst of changes (an editor's unsaved texts and files changed on disk, as a language
    /// server gathers them) is one analysis: every file parsed once, every change seen.
    @Test func aBurstOfEditsIsOneAnalysis() throws {
        let folder = try Self.repository()
        var session = try Self.session(folder)
        try folder.write("Sources/Core/Clock.swift", "import App\npublic struct Clock {}\n")
        let update = session.update(StrataSession.Changes(
            disk: ["Sources/Core/Clock.swift"],
            edits: ["Sources/Feature/Cart.swift": "import Core\nimport App\npublic struct Cart {}\n", folder.path + "/Sources/Core/Money.swift": "public struct Money {}\n"]))
        #expect(update.changed == ["Sources/Core/Clock.swift", "Sources/Core/Money.swift", "Sources/Feature/Cart.swift"])
        #expect(update.parsed == 3 && !update.rediscovered)
        let violations = Set(Self.layerViolations(session.result))
        #expect(violations.isSuperset(of: ["Sources/Core/Clock.swift:1", "Sources/Feature/Cart.swift:2"]), "\(violations)")
        // Saved again: the unsaved texts are gone with one more analysis.
        let saved = session.update(StrataSession.Changes(edits: ["Sources/Feature/Cart.swift": nil, "Sources/Core/Money.swift": nil]))
        #expect(saved.parsed == 2)
        #expect(!Self.layerViolations(session.result).contains("Sources/Feature/Cart.swift:2"))
    }


    /// Import grading takes an unchanged module's names and reach from the last analysis
    /// (`AnalysisMemo`): an edit to what one module declares grades the imports of the files
    /// using it again, as a fresh analysis does, whether the use is a name or a member reached
    /// through another module's declaration.
    @Test func anEditToWhatAModuleDeclaresGradesItsImportsAgain() throws {
        let folder = try Self.repository()
        var session = try Self.session(folder)
        func coreImport(_ result: AnalysisResult) -> String? {
            result.imports?.imports.first { $0.imported == "Core" && $0.evidence.file == "Sources/App/main.swift" }?.grade.rawValue
        }
        try folder.write("Sources/App/main.swift", "import Feature\nimport Core\nprint(Cart(), stamp())\n")
        session.refresh(changed: ["Sources/App/main.swift"])
        #expect(coreImport(session.result) == "unused")
        // A name the file spells, declared by the module that was not edited.
        try folder.write("Sources/Core/Clock.swift", "public struct Clock { public init() {} }\npublic func stamp() -> Int { 0 }\n")
        session.refresh(changed: ["Sources/Core/Clock.swift"])
        #expect(coreImport(session.result) == nil)
        #expect(session.result.imports == (try Self.fresh(folder)).imports)
        // A member of Core's type, at hand through Feature's `Cart.total` (Feature unchanged).
        try folder.write("Sources/App/main.swift", "import Feature\nimport Core\nprint(Cart().total.cents)\n")
        session.refresh(changed: ["Sources/App/main.swift"])
        #expect(coreImport(session.result) == "unused")
        try folder.write("Sources/Core/Clock.swift", "public struct Clock { public init() {} }\npublic extension Money { var cents: Int { 0 } }\n")
        session.refresh(changed: ["Sources/Core/Clock.swift"])
        #expect(coreImport(session.result) == nil)
        #expect(session.result.imports == (try Self.fresh(folder)).imports)
        // An edit inside a body changes no table: App's grades are taken again, still right.
        try folder.write("Sources/Core/Clock.swift", "public struct Clock { public init() { _ = 1 } }\npublic extension Money { var cents: Int { 0 } }\n")
        session.refresh(changed: ["Sources/Core/Clock.swift"])
        #expect(coreImport(session.result) == nil)
        #expect(session.result.imports == (try Self.fresh(folder)).imports)
        // Feature re-exports Core: App's files are the same, but its import of Core now adds
        // nothing its import of Feature does not give.
        try folder.write("Sources/Feature/Cart.swift", "@_exported import Core\npublic struct Cart { public var total = Money() }\n")
        session.refresh(changed: ["Sources/Feature/Cart.swift"])
        #expect(coreImport(session.result) == "unused")
        #expect(session.result.imports == (try Self.fresh(folder)).imports)
    }
    @Test func theDIReportFollowsEveryEditThatChangesWhatItReads() throws {
        let folder = try Self.repository()
        try folder.write("Sources/Core/Container.swift", """
            public final class Container {
                public static let shared = Container()
                private var makers: [ObjectIdentifier: () -> Any] = [:]
                public func register<T>(_ type: T.Type, _ make: @escaping () -> T) { makers[ObjectIdentifier(type)] = make }
                public func resolve<T>(_ type: T.Type) -> T { makers[ObjectIdentifier(type)]!() as! T }
            }
            public protocol Pricing {}
            """)
        try folder.write("Sources/App/Assembly.swift", "import Core\nimport Feature\nfunc assemble() { Container.shared.register(Pricing.self) { LivePricing() } }\n")
        try folder.write("Sources/Feature/Checkout.swift", "import Core\nstruct Checkout { let pricing = Container.shared.resolve(Pricing.self) }\n")
        try folder.write("Sources/App/LivePricing.swift", "import Core\nstruct LivePricing: Pricing {}\n")
        var session = try Self.session(folder)
        func same(_ step: String) throws {
            let fresh = try Self.fresh(folder)
            #expect(session.result.injection == fresh.injection, "\(step)")
            #expect(session.result.findings == fresh.findings, "\(step)")
        }
        #expect(session.result.injection.edges.map(\.containerOnly) == [true])
        try same("cold")
        // A body edited where DI reads nothing: the last report stands.
        try folder.write("Sources/Core/Money.swift", "public struct Money {\n    public init() { _ = 0 }\n}\n")
        session.refresh(changed: ["Sources/Core/Money.swift"])
        try same("a body")
        // Lines moved above a resolution: its evidence moves.
        try folder.write("Sources/Feature/Checkout.swift", "import Core\n\n// Prices.\nstruct Checkout { let pricing = Container.shared.resolve(Pricing.self) }\n")
        session.refresh(changed: ["Sources/Feature/Checkout.swift"])
        #expect(session.result.injection.resolutions.map(\.evidence.line) == [4])
        try same("lines moved")
        // The implementation declared in another module: the container's edge goes there.
        try folder.write("Sources/App/LivePricing.swift", "import Core\n")
        try folder.write("Sources/Core/Money.swift", "public struct Money { public init() {} }\nstruct LivePricing: Pricing {}\n")
        session.refresh(changed: ["Sources/App/LivePricing.swift", "Sources/Core/Money.swift"])
        // Feature imports Core: no longer an edge of the container's only.
        #expect(session.result.injection.edges.map(\.containerOnly) == [false])
        try same("a declaration moved")
        try folder.write("Sources/App/LivePricing.swift", "import Core\nstruct LivePricing: Pricing {}\n")
        try folder.write("Sources/Core/Money.swift", "public struct Money { public init() {} }\n")
        session.refresh(changed: ["Sources/App/LivePricing.swift", "Sources/Core/Money.swift"])
        #expect(session.result.injection.edges.map(\.containerOnly) == [true])
        // Feature imports App now, in a file DI reads nothing of: the container's edge is an
        // import too.
        try folder.write("Sources/Feature/Cart.swift", "import Core\nimport App\npublic struct Cart { public var total = Money() }\n")
        session.refresh(changed: ["Sources/Feature/Cart.swift"])
        #expect(session.result.injection.edges.map(\.containerOnly) == [false])
        try same("an import added")
        // The container's read renamed: its calls are found by the new name (the scan's names
        // of containers found by their shape follow too).
        let container = try String(contentsOfFile: folder.path + "/Sources/Core/Container.swift", encoding: .utf8)
        try folder.write("Sources/Core/Container.swift", container.replacingOccurrences(of: "func resolve<T>", with: "func lookup<T>"))
        try folder.write("Sources/Feature/Checkout.swift", "import Core\nstruct Checkout { let pricing = Container.shared.lookup(Pricing.self) }\n")
        session.refresh(changed: ["Sources/Core/Container.swift", "Sources/Feature/Checkout.swift"])
        #expect(session.result.injection.resolutions.map(\.api) == ["Container.lookup(_:)"])
        try same("a read renamed")
    }

    /// An edit of files discovery saw reads those files alone and takes every other file's
    /// facts and every untouched module's assembly from the last analysis: after each kind of
    /// edit, the whole result is the one a fresh analysis writes, byte for byte.
    @Test func everyEditAnswersAsAFreshAnalysisDoes() throws {
        let folder = try Self.repository()
        let manifest = try String(contentsOfFile: folder.path + "/Package.swift", encoding: .utf8)
        try folder.write("Package.swift", manifest.replacingOccurrences(
            of: ".target(name: \"Core\"),", with: ".target(name: \"Core\"), .target(name: \"Hashing\"), .target(name: \"Store\", dependencies: [\"Hashing\", \"Core\"]),"))
        try folder.write("Sources/Hashing/include/hashing.h", "int hashing_digest(int seed);\n")
        try folder.write("Sources/Hashing/hashing.c", "#include \"hashing.h\"\nint hashing_digest(int seed) { return seed; }\n")
        try folder.write("Sources/Store/Store.swift", "import Hashing\nimport Core\npublic struct Store { let key = hashing_digest(1) }\n")
        try folder.write("Sources/Store/Copy.swift", "import Core\nstruct Copy {}\n")
        var session = try Self.session(folder)
        func same(_ step: String) throws {
            let fresh = try Self.fresh(folder)
            let warm = try JSONReporter.encode(session.completeResult), cold = try JSONReporter.encode(fresh)
            #expect(warm == cold, "\(step): \(String(decoding: warm, as: UTF8.self).count) bytes against \(String(decoding: cold, as: UTF8.self).count)")
        }
        func edit(_ step: String, _ files: [String: String]) throws {
            for (path, text) in files { try folder.write(path, text) }
            let update = session.refresh(changed: files.keys.sorted())
            #expect(!update.rediscovered, "\(step)")
            try same(step)
        }
        try same("cold")
        try edit("a body", ["Sources/Core/Money.swift": "public struct Money {\n    public init() { _ = 0 }\n}\n"])
        try edit("a layer broken", ["Sources/Core/Clock.swift": "import Feature\npublic struct Clock { public init() {} }\n"])
        try edit("a syntax error", ["Sources/Feature/Cart.swift": "import Core\npublic struct Cart { public var total = Money( }\nfunc f( {\n"])
        try edit("the error mended", ["Sources/Feature/Cart.swift": "import Core\npublic struct Cart { public var total = Money() }\n"])
        // Two files with the same bytes share their facts; one edited away keeps the other's.
        try edit("a copy of another file", ["Sources/Store/Copy.swift": "import Hashing\nimport Core\npublic struct Store { let key = hashing_digest(1) }\n"])
        try edit("the copy edited away", ["Sources/Store/Copy.swift": "import Core\nstruct Copy { let clock = Clock() }\n"])
        try edit("an import under #if", ["Sources/App/main.swift": "#if canImport(Store)\nimport Store\n#endif\nimport Feature\nimport Core\nprint(Cart(), Clock())\n"])
        // A container found by its shape: a file not edited that calls its methods is scanned
        // again with their names, and again without them once it is gone.
        try edit("a call to a container not yet written", [
            "Sources/Feature/Cart.swift": "import Core\npublic struct Cart { public var total = Money(); let clock = Registry.shared.take(Clock.self) }\n",
        ])
        try edit("the container written", [
            "Sources/Core/Clock.swift": """
                public final class Registry {
                    public static let shared = Registry()
                    private var makers: [ObjectIdentifier: () -> Any] = [:]
                    public func put<T>(_ type: T.Type, _ make: @escaping () -> T) { makers[ObjectIdentifier(type)] = make }
                    public func take<T>(_ type: T.Type) -> T { makers[ObjectIdentifier(type)]!() as! T }
                }
                public struct Clock { public init() {} }

                """,
        ])
        #expect(session.result.injection.resolutions.map(\.api) == ["Registry.take(_:)"])
        try edit("the container gone", ["Sources/Core/Clock.swift": "public struct Clock { public init() {} }\n"])
        #expect(session.result.injection.resolutions.isEmpty)
        // A header and the Swift file using it, edited together; then the header alone.
        try edit("a header and its user", [
            "Sources/Hashing/include/hashing.h": "int hashing_digest(int seed);\nint hashing_mix(int a, int b);\n",
            "Sources/Store/Store.swift": "import Hashing\nimport Core\npublic struct Store { let key = hashing_mix(1, 2) }\n",
        ])
        try edit("the header alone", ["Sources/Hashing/include/hashing.h": "int hashing_digest(int seed);\n"])
        // An editor's unsaved text, then the file as saved.
        session.edit("Sources/Feature/Cart.swift", text: "import Core\nimport App\npublic struct Cart {}\n")
        #expect(session.result.findings.contains { $0.rule == .layerViolation && $0.evidence.map(\.description) == ["Sources/Feature/Cart.swift:2"] })
        session.edit("Sources/Feature/Cart.swift", text: nil)
        try same("unsaved text dropped")
        // A manifest edit discovers again and reads no Swift file while they are the same; a
        // file added reads what the tree does not know.
        let edited = try String(contentsOfFile: folder.path + "/Package.swift", encoding: .utf8)
        try folder.write("Package.swift", edited.replacingOccurrences(of: "dependencies: [\"Hashing\", \"Core\"]", with: "dependencies: [\"Hashing\", \"Core\", \"Feature\"]"))
        let declared = session.refresh(changed: ["Package.swift"])
        #expect(declared.rediscovered && declared.parsed == 0)
        try same("a dependency declared")
        try folder.write("Sources/Store/Added.swift", "import Feature\nstruct Added { let cart = Cart() }\n")
        try folder.write("Sources/Core/Money.swift", "public struct Money { public init() {} }\n")
        let added = session.refresh(changed: ["Sources/Store/Added.swift", "Sources/Core/Money.swift"])
        #expect(added.rediscovered && added.parsed == 2)
        try same("a file added beside an edit")
    }

    /// A file changed in an update that stopped before its scan (an invalid strata.yml) is
    /// read by the next one, whatever that one changes.
    @Test func aFileChangedBesideAnInvalidConfigurationIsReadNextTime() throws {
        let folder = try Self.repository()
        var session = try Self.session(folder)
        let configuration = try String(contentsOfFile: folder.path + "/strata.yml", encoding: .utf8)
        try folder.write("strata.yml", "layers: [\n")
        try folder.write("Sources/Core/Clock.swift", "import Feature\npublic struct Clock { public init() {} }\n")
        session.refresh(changed: ["strata.yml", "Sources/Core/Clock.swift"])
        #expect(session.problems.count == 1)
        try folder.write("Sources/App/main.swift", "import Feature\nimport Core\nprint(Cart(), Clock(), 2)\n")
        let next = session.refresh(changed: ["Sources/App/main.swift"])
        #expect(next.parsed == 2)
        #expect(Self.layerViolations(session.result) == ["Sources/Core/Clock.swift:1"])
        try folder.write("strata.yml", configuration)
        session.refresh(changed: ["strata.yml"])
        #expect(session.problems.isEmpty)
        #expect(try JSONReporter.encode(session.completeResult) == JSONReporter.encode(try Self.fresh(folder)))
    }

    /// A file the scan could not read is tried again at every edit, as a fresh analysis would:
    /// here a link to a FIFO that becomes a Swift file without the session being told.
    @Test func aFileThatCouldNotBeReadIsTriedAgain() throws {
        let folder = try Self.repository()
        try FileManager.default.createDirectory(atPath: folder.path + "/Real", withIntermediateDirectories: true)
        #expect(mkfifo(folder.path + "/Real/Timer.txt", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Sources/Core/Timer.swift", withDestinationPath: "../../Real/Timer.txt")
        var session = try Self.session(folder)
        #expect(session.result.warnings.contains { $0.file == "Sources/Core/Timer.swift" })
        try FileManager.default.removeItem(atPath: folder.path + "/Real/Timer.txt")
        try folder.write("Real/Timer.txt", "import Feature\npublic struct Timer {}\n")
        try folder.write("Sources/Core/Money.swift", "public struct Money {\n    public init() {}\n}\n")
        session.refresh(changed: ["Sources/Core/Money.swift"])
        #expect(!session.result.warnings.contains { $0.file == "Sources/Core/Timer.swift" })
        #expect(Self.layerViolations(session.result) == ["Sources/Core/Timer.swift:1"])
        #expect(try JSONReporter.encode(session.completeResult) == JSONReporter.encode(try Self.fresh(folder)))
    }

    @Test func filesAddedOrDeletedAndManifestsRunDiscoveryAgain() throws {
        let folder = try Self.repository()
        var session = try Self.session(folder)
        try folder.write("Sources/Feature/Checkout.swift", "import App\nstruct Checkout {}\n")
        let added = session.refresh(changed: ["Sources/Feature/Checkout.swift"])
        #expect(added.rediscovered)
        #expect(Self.layerViolations(session.result) == ["Sources/Feature/Checkout.swift:1"])
        try FileManager.default.removeItem(atPath: folder.path + "/Sources/Feature/Checkout.swift")
        let deleted = session.refresh(changed: ["Sources/Feature/Checkout.swift"])
        #expect(deleted.rediscovered)
        #expect(Self.layerViolations(session.result).isEmpty)
        // A folder deleted with its files, reported as the folder.
        try FileManager.default.removeItem(atPath: folder.path + "/Sources/Core/Clock.swift")
        try folder.write("Sources/Extra/Thing.swift", "struct Thing {}\n")
        session.refresh(changed: ["Sources/Core/Clock.swift", "Sources/Extra"])
        #expect(session.result.summary.files == (try Self.fresh(folder)).summary.files)

        // A new target in the manifest: a new module, the same as a fresh analysis.
        let manifest = try String(contentsOfFile: folder.path + "/Package.swift", encoding: .utf8)
        try folder.write("Package.swift", manifest.replacingOccurrences(of: ".target(name: \"Core\"),", with: ".target(name: \"Core\"), .target(name: \"Extra\"),"))
        let edited = session.refresh(changed: ["Package.swift"])
        #expect(edited.rediscovered)
        #expect(session.result.modules.map(\.module.name).contains("Extra"))
        #expect(session.result.modules.map(\.module.name) == (try Self.fresh(folder)).modules.map(\.module.name))
    }

    @Test func aManifestEditReadsThatManifestOnly() throws {
        let folder = try Self.repository()
        try folder.write("Tools/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Tools\", targets: [.target(name: \"Lint\")])\n")
        try folder.write("Tools/Sources/Lint/Lint.swift", "struct Lint {}\n")
        try folder.write("Tools/Sources/Format/Format.swift", "struct Format {}\n")
        var session = try Self.session(folder)
        // Tools' manifest changes unseen; the root manifest's change is reported.
        try folder.write("Tools/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Tools\", targets: [.target(name: \"Lint\"), .target(name: \"Format\")])\n")
        let manifest = try String(contentsOfFile: folder.path + "/Package.swift", encoding: .utf8)
        try folder.write("Package.swift", manifest.replacingOccurrences(of: "name: \"Shop\"", with: "name: \"Store\""))
        #expect(session.refresh(changed: ["Package.swift"]).rediscovered)
        let names = { Set(session.result.modules.map(\.module.name)) }
        #expect(session.result.packages.map(\.name).contains("Store"))
        #expect(names().contains("Lint") && !names().contains("Format"), "Tools/Package.swift was read again: \(names())")
        session.refresh(changed: ["Tools/Package.swift"])
        #expect(names().contains("Format"))
        #expect(names() == Set((try Self.fresh(folder)).modules.map(\.module.name)))
    }

    /// A file a manifest's reading read (an XcodeGen spec's `include:`), changed alone: read again,
    /// as the manifest itself would be, though its name says nothing of manifests.
    @Test func aFileAManifestIncludesIsReadAgainWhenItChanges() throws {
        let folder = try TemporaryDirectory()
        try folder.write("project.yml", "name: Shop\ninclude:\n  - specs/targets.yml\n")
        try folder.write("specs/targets.yml", "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n")
        try folder.write("App/App.swift", "struct App {}\n")
        try folder.write("Kit/Kit.swift", "struct Kit {}\n")
        var session = try Self.session(folder)
        let names = { Set(session.result.modules.map(\.module.name)) }
        #expect(names() == ["App"])
        #expect(session.reads("specs/targets.yml") && !session.reads("specs/other.yml"))
        try folder.write("specs/targets.yml", "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n"
            + "  Kit:\n    type: framework\n    platform: iOS\n    sources: [Kit]\n")
        #expect(session.refresh(changed: ["specs/targets.yml"]).rediscovered)
        #expect(names() == ["App", "Kit"])
        #expect(names() == Set((try Self.fresh(folder)).modules.map(\.module.name)))
    }

    @Test func anInvalidConfigurationKeepsTheLastAnalysisAndSaysSo() throws {
        let folder = try Self.repository()
        var session = try Self.session(folder)
        let before = session.result
        try folder.write("strata.yml", "layers: [\n")
        session.refresh(changed: ["strata.yml"])
        #expect(session.problems.count == 1)
        #expect(session.problems.first?.contains("strata.yml") == true)
        #expect(session.result.findings == before.findings && session.result.layering == before.layering)
        try folder.write("strata.yml", "layers:\n  - name: core\n    modules: [Core]\n  - name: app\n    modules: [App, Feature]\n")
        session.refresh(changed: ["strata.yml"])
        #expect(session.problems.isEmpty)
        #expect(session.result.layering?.layers.map(\.name) == ["core", "app"])
    }

    @Test func watchersReportWhatChanged() throws {
        let folder = try Self.repository()
        let tree = WorkingDirectoryTree(rootPath: folder.path)
        var kinds = [true]
        #if os(Linux)
        kinds.append(false)
        #expect(FileWatchers.watch(tree) is InotifyWatcher)
        #endif
        for polling in kinds {
            let watcher = FileWatchers.watch(tree, polling: polling)
            #expect(watcher.changes(timeout: 0) == [])
            // The polling watcher compares modification times, which may not move within a tick.
            try folder.write("Sources/Core/Money.swift", "public struct Money { public init() {}; var cents = \(UUID().uuidString.count) }\n")
            try folder.write("Sources/New/Made.swift", "struct Made {}\n")
            try folder.write(".build/debug/ignored.swift", "struct Ignored {}\n")
            try FileManager.default.removeItem(atPath: folder.path + "/Sources/Core/Clock.swift")
            let changed = Set(watcher.changes(timeout: 2))
            #expect(changed.isSuperset(of: ["Sources/Core/Money.swift", "Sources/New/Made.swift", "Sources/Core/Clock.swift"]), "\(type(of: watcher)): \(changed)")
            #expect(!changed.contains { $0.hasPrefix(".build") }, "\(changed)")
            try folder.write("Sources/Core/Clock.swift", "public struct Clock { public init() {} }\n")
            try FileManager.default.removeItem(atPath: folder.path + "/Sources/New")
            _ = watcher.changes(timeout: 1)
        }
    }
}
