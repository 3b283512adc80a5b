import Foundation
import StrataAnalysis
import StrataDiscovery
import StrataModel
import StrataPipeline
import StrataReport
import StrataSourceTree
import Testing

/// `strata affected` on a repository every reader reads (Tests/Support/make-affected-repo),
/// one commit per kind of change.
@Suite(.serialized) struct AffectedTests {
    /// The fixture, made once for the suite.
    nonisolated(unsafe) static let repository: Result<TemporaryDirectory, any Error> = Result {
        let folder = try TemporaryDirectory()
        let made = try run("/bin/bash", [repositoryRoot + "/Tests/Support/make-affected-repo", folder.path + "/repo"])
        guard made.status == 0 else { throw GitError("make-affected-repo failed: \(made.all)") }
        return folder
    }

    func affected(_ commit: Int, unowned: AffectedAnalysis.UnownedPolicy = .auto) throws -> AffectedModules {
        let path = try Self.repository.get().path + "/repo"
        return try AffectedAnalysis.run(.init(
            .init(repository: path, cacheDirectory: nil), base: "c\(commit - 1)", head: "c\(commit)", unowned: unowned)).affected
    }

    /// Each affected module with its reason, `Name: chain: cause`.
    func reasons(_ affected: AffectedModules) -> [String] { affected.modules.map { "\($0.name): \($0.reason)" } }

    static let allTests = ["CoreTests", "FeedTests", "LegacyAppTests", "RecipeKitTests", "ShopKitTests"]

    @Test func aLeafModulesSourceAffectsItsDependentsOnly() throws {
        let answer = try affected(1)
        let cause = "Vendor/Analytics/Sources/Tracker.swift changed"
        #expect(reasons(answer) == [
            "Analytics: Analytics: \(cause)",
            "LegacyApp: LegacyApp ← Analytics: \(cause)",
            "LegacyAppTests: LegacyAppTests ← LegacyApp ← Analytics: \(cause)",
        ])
        #expect(answer.tests == ["LegacyAppTests"])
        #expect(answer.allTests == Self.allTests)
        #expect(answer.changes == [FileChange(path: "Vendor/Analytics/Sources/Tracker.swift", status: .modified, kind: .source, modules: ["Analytics"])])
        #expect(answer.counts == .init(changedFiles: 1, modules: 3, tests: 1, allModules: 12, allTests: 5, unowned: 0))
    }

    @Test func aCoreModulesSourceAffectsEveryReaderThatDependsOnIt() throws {
        let answer = try affected(2)
        let cause = "Sources/Core/Core.swift changed"
        // Shortest chains, ties broken by name: LegacyApp is reached through RecipeKit.
        #expect(reasons(answer) == [
            "Core: Core: \(cause)",
            "CoreTests: CoreTests ← Core: \(cause)",
            "Feed: Feed ← Networking ← Core: \(cause)",
            "FeedTests: FeedTests ← Feed ← Networking ← Core: \(cause)",
            "LegacyApp: LegacyApp ← RecipeKit ← Core: \(cause)",
            "LegacyAppTests: LegacyAppTests ← LegacyApp ← RecipeKit ← Core: \(cause)",
            "Networking: Networking ← Core: \(cause)",
            "RecipeKit: RecipeKit ← Core: \(cause)",
            "RecipeKitTests: RecipeKitTests ← RecipeKit ← Core: \(cause)",
            "ShopKit: ShopKit ← Core: \(cause)",
            "ShopKitTests: ShopKitTests ← ShopKit ← Core: \(cause)",
        ])
        #expect(answer.tests == Self.allTests)
    }

    /// A Tuist target's resource lies beside its `Sources` folder, in the target's folder.
    @Test func aResourceAffectsTheModuleWhoseFolderHoldsIt() throws {
        let answer = try affected(3)
        let cause = "Shop/Targets/ShopKit/Resources/theme.json changed"
        #expect(reasons(answer) == [
            "LegacyApp: LegacyApp ← ShopKit: \(cause)",
            "LegacyAppTests: LegacyAppTests ← LegacyApp ← ShopKit: \(cause)",
            "ShopKit: ShopKit: \(cause)",
            "ShopKitTests: ShopKitTests ← ShopKit: \(cause)",
        ])
        #expect(answer.changes.map(\.kind) == [.resource])
        #expect(answer.tests == ["LegacyAppTests", "ShopKitTests"])
    }

    /// project.yml changed RecipeKit's dependencies only: RecipeKitTests' declaration, whose
    /// lines moved, is the same.
    @Test func aManifestAffectsTheModulesWhoseDeclarationChanged() throws {
        let answer = try affected(4)
        let cause = "Recipes/project.yml: declaration changed"
        #expect(reasons(answer) == [
            "LegacyApp: LegacyApp ← RecipeKit: \(cause)",
            "LegacyAppTests: LegacyAppTests ← LegacyApp ← RecipeKit: \(cause)",
            "RecipeKit: RecipeKit: \(cause)",
            "RecipeKitTests: RecipeKitTests ← RecipeKit: \(cause)",
        ])
        #expect(answer.changes.map(\.modules) == [["RecipeKit"]])
    }

    /// swift-log's pin moved; only Feed uses it (Networking uses swift-collections).
    @Test func onePinAffectsOnlyTheModulesUsingThatPackage() throws {
        let answer = try affected(5)
        let cause = "Package.resolved: swift-log 1.6.2 → 1.6.3"
        #expect(reasons(answer) == [
            "Feed: Feed: \(cause)",
            "FeedTests: FeedTests ← Feed: \(cause)",
            "LegacyApp: LegacyApp ← Feed: \(cause)",
            "LegacyAppTests: LegacyAppTests ← LegacyApp ← Feed: \(cause)",
        ])
        #expect(answer.changes.map(\.kind) == [.lockfile])
        #expect(try AffectedFormat.swiftTest.text(for: answer) == "--filter ^(FeedTests|LegacyAppTests)\\.\n")
        #expect(try AffectedFormat.xcodebuild.text(for: answer) == "-only-testing:FeedTests\n-only-testing:LegacyAppTests\n")
    }

    /// strata.yml builds nothing; zero tests is an explicit skip of every test target.
    @Test func strataYmlAffectsNothingAndZeroTestsSkipsEveryTestTarget() throws {
        let answer = try affected(6)
        #expect(answer.modules.isEmpty)
        #expect(answer.tests.isEmpty)
        #expect(answer.changes == [FileChange(
            path: "strata.yml", status: .modified, kind: .configuration, note: "read by Strata only; affects nothing that builds")])
        #expect(answer.counts.tests == 0 && answer.counts.changedFiles == 1)
        #expect(try AffectedFormat.xcodebuild.text(for: answer) == Self.allTests.map { "-skip-testing:\($0)\n" }.joined())
        #expect(try AffectedFormat.swiftTest.text(for: answer) == "--skip ^(CoreTests|FeedTests|LegacyAppTests|RecipeKitTests|ShopKitTests)\\.\n")
        let text = try AffectedFormat.text.text(for: answer)
        #expect(text.contains("0 modules of 12 affected by 1 changed file"))
        #expect(text.contains("Tests to run: none."))
        #expect(text.contains("strata.yml (configuration: read by Strata only; affects nothing that builds)"))
        let json = try JSONSerialization.jsonObject(with: Data(try AffectedFormat.json.text(for: answer).utf8)) as? [String: Any]
        #expect((json?["counts"] as? [String: Any])?["tests"] as? Int == 0)
    }

    /// A script no module owns may be read by the build: everything, and the answer says why;
    /// `--unowned ignore` lists it and affects nothing.
    @Test func anUnownedFileAffectsEverythingAndSaysWhy() throws {
        let answer = try affected(7)
        #expect(answer.modules.count == 12)
        #expect(answer.everything == "scripts/lint.sh added and no module owns it")
        #expect(answer.modules.allSatisfy { $0.chain == [$0.name] && $0.cause == "scripts/lint.sh added and no module owns it" })
        #expect(answer.unowned == ["scripts/lint.sh"])
        #expect(answer.tests == Self.allTests)
        let ignored = try affected(7, unowned: .ignore)
        #expect(ignored.modules.isEmpty)
        #expect(ignored.unowned == ["scripts/lint.sh"])
    }

    @Test func nothingChangedIsAnAnswer() throws {
        let answer = try affected(8)
        #expect(answer.changes.isEmpty && answer.modules.isEmpty)
        #expect(try AffectedFormat.text.text(for: answer).contains("Nothing changed."))
        #expect(try AffectedFormat.md.text(for: answer).contains("No test module is affected."))
    }

    /// A comment in Package.swift changes no declaration Strata reads: Strata cannot tell
    /// which target it concerns, so every module the manifest declares is affected.
    @Test func aManifestChangeStrataDoesNotReadAffectsEveryModuleItDeclares() throws {
        let answer = try affected(9)
        let cause = "Package.swift: changed where Strata does not read (settings, flags, resources): every module it declares"
        #expect(answer.changes.map(\.modules) == [["Core", "CoreTests", "Feed", "FeedTests", "Networking"]])
        #expect(reasons(answer) == [
            "Core: Core: \(cause)",
            "CoreTests: CoreTests: \(cause)",
            "Feed: Feed: \(cause)",
            "FeedTests: FeedTests: \(cause)",
            "LegacyApp: LegacyApp ← Feed: \(cause)",
            "LegacyAppTests: LegacyAppTests ← LegacyApp ← Feed: \(cause)",
            "Networking: Networking: \(cause)",
            "RecipeKit: RecipeKit ← Core: \(cause)",
            "RecipeKitTests: RecipeKitTests ← RecipeKit ← Core: \(cause)",
            "ShopKit: ShopKit ← Core: \(cause)",
            "ShopKitTests: ShopKitTests ← ShopKit ← Core: \(cause)",
        ])
    }

    /// A file added to Core changes Core's file list, not its declaration: the manifest that
    /// changed Feed's dependencies in the same commit touches Feed only.
    @Test func aFileAddedWithAManifestChangeIsNotADeclarationChange() throws {
        let answer = try affected(10)
        #expect(answer.changes.map { "\($0.path) \($0.kind) \($0.modules)" } == [
            "Package.swift manifest [\"Feed\"]", "Sources/Core/Extra.swift source [\"Core\"]",
        ])
        let reasons = Dictionary(uniqueKeysWithValues: answer.modules.map { ($0.name, $0.reason) })
        #expect(reasons["Core"] == "Core: Sources/Core/Extra.swift added")
        #expect(reasons["Feed"] == "Feed: Package.swift: declaration changed")
        #expect(reasons["FeedTests"] == "FeedTests ← Feed: Package.swift: declaration changed")
        #expect(answer.modules.count == 11)
    }

    /// Podfile.lock like Package.resolved: only the modules using the pod that moved.
    @Test func onePodAffectsOnlyTheModulesUsingIt() throws {
        let answer = try affected(12)
        let cause = "Legacy/Podfile.lock: alamofire 5.8.0 (3ca42e259043) → 5.8.1 (f1a5c8b2e7d9)"
        #expect(reasons(answer) == [
            "LegacyApp: LegacyApp: \(cause)",
            "LegacyAppTests: LegacyAppTests ← LegacyApp: \(cause)",
        ])
        #expect(answer.changes.map(\.kind) == [.lockfile])
    }

    /// The same answers from a list of changed files (another VCS, a CI system), read against
    /// the working directory; a manifest without BASE affects every module it declares.
    @Test func aListOfChangedFilesWithoutBase() throws {
        let path = try Self.repository.get().path + "/repo"
        let answer = try AffectedAnalysis.run(.init(
            .init(repository: path, cacheDirectory: nil), base: nil,
            changedFiles: ["./Sources/Core/Core.swift", "docs/guide.md", "Shop/Project.swift"])).affected
        #expect(answer.changes.map(\.path) == ["Shop/Project.swift", "Sources/Core/Core.swift", "docs/guide.md"])
        #expect(answer.changes.map(\.modules) == [["ShopKit", "ShopKitTests"], ["Core"], []])
        #expect(answer.changes.last?.note == "documentation; affects nothing that builds")
        #expect(answer.changes.last?.status == .deleted)
        #expect(answer.everything == nil)
        #expect(answer.modules.count == 11)
        #expect(answer.modules.first { $0.name == "ShopKit" }?.reason == "ShopKit: Shop/Project.swift: no BASE to compare with: every module it declares")
    }

    /// A file a manifest includes (an XcodeGen spec's `include:`) is a manifest change: the
    /// modules whose declaration it changed, whatever the file is called.
    @Test func aSpecAManifestIncludesIsAManifestChange() throws {
        let repo = try GitFixture()
        try repo.folder.write("project.yml", "name: Shop\ninclude:\n  - specs/targets.yml\n")
        let targets = { (kitDependencies: String) in
            "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n    dependencies:\n      - target: Kit\n"
                + "  Kit:\n    type: framework\n    platform: iOS\n    sources: [Kit]\n" + kitDependencies
                + "  Tools:\n    type: framework\n    platform: iOS\n    sources: [Tools]\n"
        }
        try repo.folder.write("specs/targets.yml", targets(""))
        for name in ["App", "Kit", "Tools"] { try repo.folder.write("\(name)/\(name).swift", "struct \(name) {}\n") }
        try repo.commitAll("first")
        try repo.folder.write("specs/targets.yml", targets("    dependencies:\n      - target: Tools\n"))
        try repo.commitAll("Kit uses Tools")
        let answer = try AffectedAnalysis.run(.init(.init(repository: repo.path, cacheDirectory: nil), base: "HEAD~1", head: "HEAD")).affected
        #expect(answer.changes.map(\.kind) == [.manifest])
        #expect(answer.changes.first?.modules == ["Kit"])
        #expect(answer.everything == nil)
        #expect(Set(answer.modules.map(\.name)) == ["App", "Kit"])
    }

    /// A chain of 200 modules: each affected module's chain keeps its ends, so the answer
    /// stays linear in the chain's length.
    @Test func aLongChainIsElidedInTheMiddle() throws {
        let names = (0..<200).map { "M" + String(1000 + $0).dropFirst() }
        let project = BuildShapeTests.project(
            lines: Dictionary(uniqueKeysWithValues: names.map { ($0, 1) }),
            dependencies: Dictionary(uniqueKeysWithValues: (1..<200).map { (names[$0], [names[$0 - 1]]) }))
        let change = FileChange(path: "M000/File.swift", status: .modified, kind: .source, modules: ["M000"])
        let answer = ChangeImpact.affected(graph: project.graph, changes: [change], base: "a", head: "b")
        #expect(answer.modules.count == 200)
        let top = try #require(answer.modules.last)
        #expect(top.chain.count == ChangeImpact.longestChain)
        #expect(top.chain.first == "M199" && top.chain.last == "M000")
        #expect(top.chain[32] == "… 137 more …")
        #expect(answer.modules.first { $0.name == "M063" }?.chain.count == 64)
        #expect(answer.modules.first { $0.name == "M063" }?.chain.contains("… 1 more …") == false)
    }

    /// Ownership: compiled files first, then the deepest module folder (a `Sources` folder's
    /// parent included), then folders holding a module's Swift files.
    @Test func filesBelongToTheDeepestFolderThatNamesAModule() {
        func module(_ name: String, _ path: String) -> AssembledModule {
            AssembledModule(
                name: name, kind: .library, package: "P", path: path, manifest: nil, files: 1, lines: 1, dependencies: [], imports: [],
                declarations: [:], access: [:])
        }
        let ownership = FileOwnership(
            modules: [module("Wallet", ""), module("Shop", "Targets/Shop/Sources"), module("Kit", "Kit"), module("KitUI", "Kit/UI")],
            sources: [
                "Wallet": ["App/WalletApp.swift", "Shared/Colors.swift"], "Shop": ["Targets/Shop/Sources/Cart.swift"],
                "Kit": ["Kit/Kit.swift", "Shared/Colors.swift"], "KitUI": ["Kit/UI/View.swift"],
            ])
        #expect(ownership.owners(of: "Shared/Colors.swift")?.modules == ["Kit", "Wallet"])
        #expect(ownership.owners(of: "App/Assets.xcassets/Contents.json")?.modules == ["Wallet"])
        #expect(ownership.owners(of: "App/Assets.xcassets/Contents.json")?.kind == .resource)
        #expect(ownership.owners(of: "Targets/Shop/Resources/theme.json")?.modules == ["Shop"])
        #expect(ownership.owners(of: "Kit/UI/Old.swift")?.modules == ["KitUI"])
        #expect(ownership.owners(of: "Kit/UI/Old.swift")?.kind == .source)
        #expect(ownership.owners(of: "Kit/README.md")?.modules == ["Kit"])
        #expect(ownership.owners(of: "Makefile") == nil)
        #expect(ownership.owners(of: "Targets/Project.yml") == nil)
        #expect(ownership.isUnderSourceFolder("Targets/Shop/Info.plist.template") == true)
        #expect(ownership.isUnderSourceFolder("scripts/lint.sh") == false)
        #expect(FileOwnership.isDocumentation("docs/guide.png"))
        #expect(FileOwnership.isDocumentation("CHANGELOG.md"))
        #expect(!FileOwnership.isDocumentation(".swift-version"))
        #expect(!FileOwnership.isDocumentation("Makefile"))
    }

    /// Names from the repository are escaped in Markdown.
    @Test func markdownEscapesNamesFromTheRepository() throws {
        let change = FileChange(path: "Sources/<script>/a|b.swift", status: .added, kind: .source, modules: ["X"])
        let module = AffectedModule(
            name: "X", id: ModuleID(manifest: "Package.swift", target: "X"), kind: .library, target: "X", importName: "X", chain: ["X"],
            cause: "Sources/<script>/a|b.swift added")
        let answer = AffectedModules(base: "main", head: "HEAD", changes: [change], modules: [module], allModules: 1, allTests: [], everything: nil)
        let markdown = try AffectedFormat.md.text(for: answer)
        #expect(!markdown.contains("<script>"))
        #expect(markdown.contains("Sources/\\<script\\>/a\\|b.swift"))
    }

    /// Package.resolved versions 1, 2 and 3 read alike; a changed revision of a branch pin counts.
    @Test func packageResolvedVersionsReadAlike() throws {
        let v1 = """
            {"object": {"pins": [{"package": "Swinject", "repositoryURL": "https://github.com/Swinject/Swinject.git",
              "state": {"branch": null, "revision": "abc", "version": "2.8.0"}}]}, "version": 1}
            """
        let v2 = """
            {"pins": [{"identity": "swinject", "kind": "remoteSourceControl", "location": "https://github.com/Swinject/Swinject.git",
              "state": {"revision": "abc", "version": "2.8.0"}}], "version": 2}
            """
        let branch = """
            {"pins": [{"identity": "swinject", "kind": "remoteSourceControl", "location": "https://github.com/Swinject/Swinject.git",
              "state": {"branch": "main", "revision": "def"}}], "version": 2}
            """
        let old = try #require(PackagePins(Array(v1.utf8))), new = try #require(PackagePins(Array(v2.utf8)))
        #expect(old == new)
        #expect(PackagePins.changes(from: old, to: new).isEmpty)
        let moved = PackagePins.changes(from: new, to: try #require(PackagePins(Array(branch.utf8))))
        #expect(moved.map(\.description) == ["swinject 2.8.0 → main@def"])
        #expect(PackagePins(Array("not json".utf8)) == nil)
        let lock = """
            PODS:
              - Firebase/Core (10.0.0):
                - FirebaseCore (= 10.0.0)
              - FirebaseCore (10.0.0)
              - "Sentry (8.1.0)"

            SPEC CHECKSUMS:
              Firebase: 0a1b
              FirebaseCore: 2c3d

            COCOAPODS: 1.15.2
            """
        let pods = try #require(PackagePins.podfileLock(Array(lock.utf8)))
        #expect(pods.pins.mapValues(\.state) == ["firebase": "10.0.0 (0a1b)", "firebasecore": "10.0.0 (2c3d)", "sentry": "8.1.0"])
        #expect(PackagePins.podfileLock(Array("COCOAPODS: 1.15.2\n".utf8)) == nil)
        #expect(PackagePins(Array("{\"pins\": 3}".utf8)) == nil)
    }

    /// `strata diff --build-times`: both revisions' build shape from the measured seconds.
    @Test func diffTakesMeasuredTimesForBothRevisions() throws {
        let path = try Self.repository.get().path + "/repo"
        let times = ["Core": 2.0, "Networking": 1.0, "Feed": 3.0, "LegacyApp": 4.0, "RecipeKit": 8.0]
        let document = try DiffRun.run(.init(.init(repository: path, cacheDirectory: nil, buildTimes: times), base: "c0", head: "c2")).document
        #expect(document.head.buildShape?.unit == .seconds)
        #expect(document.head.buildShape?.criticalPath == ["Core", "RecipeKit", "LegacyApp"])
        #expect(document.head.buildShape?.criticalCost == 14)
        #expect(document.head.buildShape?.unmeasured == ["Analytics", "ShopKit"])
        #expect(document.diff.buildShape?.unit == .seconds)
        #expect(document.diff.buildShape?.isEmpty == true)
    }

    /// Bad input: one line, exit 2; a good run prints its format.
    @Test func theCommandAnswersAndRefusesBadInput() throws {
        guard let strata = builtProduct("strata") else { return }
        let path = try Self.repository.get().path + "/repo"
        let unknown = try run(strata, ["affected", "nope", "--repo", path, "--no-cache"])
        #expect(unknown.status == 2)
        #expect(unknown.errors == "error: nope: unknown revision in repo\n")
        let noBase = try run(strata, ["affected", "--repo", path])
        #expect(noBase.status == 2)
        let xcodebuild = try run(strata, ["affected", "c5", "c6", "--repo", path, "--no-cache", "--format", "xcodebuild", "--quiet"])
        #expect(xcodebuild.status == 0)
        #expect(xcodebuild.output == Self.allTests.map { "-skip-testing:\($0)\n" }.joined())
        // From a folder inside the repository, paths are still the root's.
        let inside = try run(strata, ["affected", "c1", "c2", "--no-cache", "--format", "swift-test", "--quiet"], in: path + "/Sources/Core")
        #expect(inside.output == "--filter ^(CoreTests|FeedTests|LegacyAppTests|RecipeKitTests|ShopKitTests)\\.\n")
        let json = try run(strata, ["affected", "c4", "c5", "--repo", path, "--no-cache", "--format", "json", "--tests-only"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect((object?["modules"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["FeedTests", "LegacyAppTests"])
        #expect(object?["tests"] as? [String] == ["FeedTests", "LegacyAppTests"])
    }
}
