import Foundation
import StrataAnalysis
import StrataModel
import StrataPipeline
import StrataReport
import StrataSourceTree
import Testing

/// A git repository in a temporary folder, committed to by the test.
final class GitFixture {
    let folder: TemporaryDirectory
    var path: String { folder.path }

    init() throws {
        folder = try TemporaryDirectory()
        try git("init", "-q", "-b", "main")
    }

    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", path, "-c", "user.name=Strata Test", "-c", "user.email=test@example.com",
            "-c", "commit.gpgsign=false"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GitError("git \(arguments.joined(separator: " ")) failed") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Replaces everything but `.git` with a copy of `source`'s contents.
    func replaceContents(with source: String) throws {
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: path) where name != ".git" {
            try manager.removeItem(atPath: path + "/" + name)
        }
        for name in try manager.contentsOfDirectory(atPath: source) {
            try manager.copyItem(atPath: source + "/" + name, toPath: path + "/" + name)
        }
    }

    func commitAll(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
    }
}

@Suite struct DiffTests {
    /// The natural demo: SafeBox before (cycle) and after (broken through a container) as two
    /// commits, each analyzed with its own strata.yml.
    @Test func safeBoxBeforeAndAfterShowTheCycleBrokenThroughTheContainer() throws {
        let repo = try GitFixture()
        try repo.replaceContents(with: repositoryRoot + "/Samples/SafeBox/before")
        try repo.commitAll("before")
        try repo.replaceContents(with: repositoryRoot + "/Samples/SafeBox/after")
        try repo.commitAll("after")

        let outcome = try DiffRun.run(.init(.init(repository: repo.path, cacheDirectory: nil), base: "HEAD~1", head: "HEAD"))
        let diff = outcome.document.diff
        #expect(diff.cycles.broken.map { Set($0.modules) } == [["AccountManagement", "CardManagement"]])
        #expect(diff.cycles.introduced.isEmpty)
        let removed = diff.edges.imports.removed.map { "\($0.from)->\($0.to)" }
        #expect(removed.contains("AccountManagement->CardManagement"))
        #expect(removed.contains("CardManagement->AccountManagement"))
        #expect(diff.edges.imports.removed.allSatisfy { !$0.evidence.isEmpty })
        #expect(diff.modules.added.map(\.name) == ["DependencyContainer"])
        let containerEdges = Set(diff.injection.edges.added.map { "\($0.from)->\($0.to)" })
        #expect(containerEdges == ["AccountManagement->CardManagement", "CardManagement->AccountManagement"])
        #expect(!diff.injection.registrations.added.isEmpty)
        #expect(diff.findings.fixed.contains { $0.rule == RuleID.cycle })
        // The shared-state duplicate of SafeBoxKit is in both: unchanged, not new.
        #expect(diff.findings.unchanged.contains { $0.rule == RuleID.sharedStateDuplicated })
        #expect(diff.summary.newFindings.error == 0)
        #expect(DiffGate.failures(diff, gates: [.newError], distanceThreshold: 0.1).isEmpty)
        #expect(!DiffGate.failures(diff, gates: [.newEdge], distanceThreshold: 0.1).isEmpty)  // DependencyContainer edges
    }

    /// Blank lines inserted above every finding move every line and change no fingerprint.
    @Test func movingLinesChangesNoFinding() throws {
        let repo = try GitFixture()
        try writePackage(repo, domainImport: "import UI\nimport UIKit\n")
        try repo.commitAll("base")
        try repo.folder.write("Sources/Domain/Domain.swift", "\n\n\n// moved down\nimport UI\nimport UIKit\npublic struct Order {}\n")
        try repo.commitAll("blank lines")

        let outcome = try DiffRun.run(.init(.init(repository: repo.path, cacheDirectory: nil), base: "HEAD~1", head: "HEAD"))
        let diff = outcome.document.diff
        #expect(!diff.findings.unchanged.isEmpty)
        #expect(diff.findings.new.isEmpty)
        #expect(diff.findings.fixed.isEmpty)
        #expect(diff.edges.imports.isEmpty)
        #expect(diff.modules.changed == ["Domain"])
        #expect(diff.affected == ["App", "Domain"])
        // The line moved, the fingerprint did not.
        let before = outcome.document.base.findings.first { $0.rule == RuleID.layerViolation }
        let after = outcome.document.head.findings.first { $0.rule == RuleID.layerViolation }
        #expect(before?.evidence != after?.evidence)
        #expect(before?.fingerprint == after?.fingerprint)
        #expect(before?.fingerprint == "layer-violation|Package.swift#Domain|Package.swift#UI")
    }

    /// A new import that breaks a layer rule is the one new finding, and fails the gate.
    @Test func aNewLayerViolationFailsTheGate() throws {
        let repo = try GitFixture()
        try writePackage(repo, domainImport: "", domainDeclaresUI: false)
        try repo.commitAll("base")
        try repo.folder.write("Sources/Domain/Domain.swift", "import UI\npublic struct Order {}\n")
        try repo.commitAll("violation")

        let diff = try DiffRun.run(.init(.init(repository: repo.path, cacheDirectory: nil), base: "main~1", head: "main")).document.diff
        #expect(diff.findings.new.map(\.rule).contains(RuleID.layerViolation))
        #expect(diff.edges.imports.added.map { "\($0.from)->\($0.to)" } == ["Domain->UI"])
        #expect(diff.edges.imports.added.first?.evidence == [Location(file: "Sources/Domain/Domain.swift", line: 1)])
        #expect(DiffGate.failures(diff, gates: [.newError], distanceThreshold: 0.1).count == 1)
        #expect(DiffGate.failures(diff, gates: [.none], distanceThreshold: 0.1).isEmpty)
    }

    /// A target renamed in its manifest, folder kept: the same module, renamed, not one removed
    /// and one added; its findings are not new.
    @Test func aRenamedModuleIsMatchedByItsFolder() throws {
        let repo = try GitFixture()
        try writePackage(repo, domainImport: "import UI\n")
        try repo.commitAll("base")
        let manifest = try String(contentsOfFile: repo.path + "/Package.swift", encoding: .utf8)
        try repo.folder.write("Package.swift", manifest
            .replacingOccurrences(of: "name: \"UI\"", with: "name: \"DesignSystem\", path: \"Sources/UI\"")
            .replacingOccurrences(of: "\"UI\"]", with: "\"DesignSystem\"]"))
        try repo.folder.write("Sources/Domain/Domain.swift", "import DesignSystem\npublic struct Order {}\n")
        try repo.folder.write("Sources/App/main.swift", "import Domain\nimport DesignSystem\nprint(Order(), Button())\n")
        try repo.folder.write("strata.yml", layers.replacingOccurrences(of: "[UI]", with: "[DesignSystem]"))
        try repo.commitAll("rename")

        let diff = try DiffRun.run(.init(.init(repository: repo.path, cacheDirectory: nil), base: "HEAD~1", head: "HEAD")).document.diff
        #expect(diff.modules.added.isEmpty)
        #expect(diff.modules.removed.isEmpty)
        #expect(diff.modules.moved.map { "\($0.base.name)->\($0.head.name)" } == ["UI->DesignSystem"])
        #expect(diff.edges.imports.isEmpty)
        #expect(diff.findings.new.isEmpty)
        #expect(diff.findings.fixed.isEmpty)
    }

    /// A module's identity does not change when another module of the same name appears.
    @Test func anUnrelatedModuleOfTheSameNameKeepsIdentities() throws {
        let repo = try GitFixture()
        try writePackage(repo, domainImport: "import UI\n")
        try repo.commitAll("base")
        try repo.folder.write("Tools/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Tools", targets: [.target(name: "UI")])
            """)
        try repo.folder.write("Tools/Sources/UI/Tool.swift", "public struct Tool {}\n")
        try repo.commitAll("second UI")

        let outcome = try DiffRun.run(.init(.init(repository: repo.path, cacheDirectory: nil), base: "HEAD~1", head: "HEAD"))
        let diff = outcome.document.diff
        #expect(diff.modules.added.map(\.id) == ["Tools/Package.swift#UI"])
        #expect(diff.modules.removed.isEmpty)
        #expect(diff.modules.moved.isEmpty)
        #expect(diff.findings.new.isEmpty)
        #expect(diff.findings.fixed.isEmpty)
    }

    @Test func unknownRevisionsAndFoldersAreOneLineInputErrors() throws {
        let repo = try GitFixture()
        try writePackage(repo, domainImport: "")
        try repo.commitAll("base")
        #expect {
            try DiffRun.run(.init(.init(repository: repo.path, cacheDirectory: nil), base: "no-such-branch", head: "HEAD"))
        } throws: { error in
            "\(error)".contains("no-such-branch: unknown revision")
        }
        let plain = try TemporaryDirectory()
        #expect {
            try DiffRun.run(.init(.init(repository: plain.path, cacheDirectory: nil), base: "HEAD", head: "HEAD"))
        } throws: { error in
            "\(error)".hasSuffix("not a git repository")
        }
    }

    /// A package committed, then Domain changed to import UI in a second commit.
    func baseAndChanged() throws -> GitFixture {
        let repo = try GitFixture()
        try writePackage(repo, domainImport: "")
        try repo.commitAll("base")
        try repo.folder.write("Sources/Domain/Domain.swift", "import UI\npublic struct Order {}\n")
        try repo.commitAll("changed")
        return repo
    }

    /// A second run of the same diff parses nothing; the cache holds both revisions.
    @Test func aSecondDiffParsesNothing() throws {
        let repo = try baseAndChanged()
        let cache = try TemporaryDirectory()
        let options = DiffRun.Options(.init(repository: repo.path, cacheDirectory: cache.path), base: "HEAD~1", head: "HEAD")
        let cold = try DiffRun.run(options)
        #expect(cold.parsedFiles == 4)  // three files at BASE, the one changed file at HEAD
        #expect(cold.reusedFiles == 2)
        let warm = try DiffRun.run(options)
        #expect(warm.parsedFiles == 0)
        #expect(try DiffFormat.json.reporter.files(for: warm.document) == DiffFormat.json.reporter.files(for: cold.document))
        // The working directory as HEAD reuses the same facts.
        let worktree = try DiffRun.run(.init(.init(repository: repo.path, cacheDirectory: cache.path), base: "HEAD~1", head: nil, worktree: true))
        #expect(worktree.parsedFiles == 0)
        #expect(worktree.document.diff.findings.new.count == cold.document.diff.findings.new.count)
    }

    /// A diff that keeps its results reads a commit's result back without reading the commit;
    /// a damaged result is one note and that revision alone is analyzed again; a result kept
    /// under another digest (another build, an older format) is no hit and no note.
    @Test func aDiffThatKeepsItsResultsReadsThemBack() throws {
        let repo = try baseAndChanged()
        let folder = try TemporaryDirectory()
        // A cache folder the first run creates.
        let cache = folder.path + "/cache"
        let options = DiffRun.Options(.init(repository: repo.path, cacheDirectory: cache), base: "HEAD~1", head: "HEAD", formats: [.json])
        let json = { (outcome: DiffRun.Outcome) in try DiffFormat.json.reporter.files(for: outcome.document) }
        let cold = try DiffRun.run(options)
        #expect(cold.parsedFiles == 4)
        #expect(cold.messages.isEmpty, "\(cold.messages)")
        let warm = try DiffRun.run(options)
        // Neither revision was read: nothing parsed, nothing taken from the facts cache.
        #expect(warm.parsedFiles == 0 && warm.reusedFiles == 0)
        #expect(warm.messages.isEmpty)
        #expect(try json(warm) == json(cold))
        #expect(try JSONReporter.encode(warm.document.head) == JSONReporter.encode(cold.document.head))
        #expect(try JSONReporter.encode(warm.document.base) == JSONReporter.encode(cold.document.base))

        let names = try FileManager.default.contentsOfDirectory(atPath: cache)
        let head = cache + "/" + (try #require(names.first { $0.hasSuffix("-diff-head-result.json") }))
        #expect(names.contains { $0.hasSuffix("-diff-base-result.json") })
        var bytes = try Data(contentsOf: URL(fileURLWithPath: head))
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: head))
        let damaged = try DiffRun.run(options)
        #expect(damaged.messages == ["note: \(head): cache entry damaged, recomputed"])
        #expect(damaged.parsedFiles == 0 && damaged.reusedFiles > 0)
        #expect(try json(damaged) == json(cold))
        #expect(try DiffRun.run(options).messages.isEmpty)

        try CacheFile.write(Data("0123456789abcdef\n".utf8) + JSONReporter.encode(cold.document.head), to: head)
        let other = try DiffRun.run(options)
        #expect(other.messages.isEmpty)
        #expect(other.reusedFiles > 0)
        #expect(try json(other) == json(cold))
    }

    /// Each revision is analyzed for what the formats show: the summary and the Markdown need
    /// HEAD's edge symbols alone, the JSON each module's public surface too, the page HEAD's
    /// whole report. What they write is what a run of every format writes; a result kept for
    /// fewer formats is never read by a run that shows more.
    @Test func eachRevisionIsAnalyzedForWhatTheFormatsShow() throws {
        let repo = try GitFixture()
        try repo.replaceContents(with: repositoryRoot + "/Samples/TheMonth")
        try repo.commitAll("base")
        let view = "Sources/Setting/SettingView.swift"
        let text = try String(contentsOfFile: repo.path + "/" + view, encoding: .utf8)
        try repo.folder.write(view, "import DesignSystem\n" + text + "\npublic let settingSpacing = Theme.Spacing.self\n")
        try repo.commitAll("head")
        let cache = try TemporaryDirectory()
        let diff = { (formats: [DiffFormat]) in
            try DiffRun.run(.init(.init(repository: repo.path, cacheDirectory: cache.path), base: "HEAD~1", head: "HEAD", formats: formats))
        }
        let summary = try diff([]), markdown = try diff([.md]), json = try diff([.json]), every = try diff([.md, .json, .html])
        for side in [summary.document.base, summary.document.head, markdown.document.head] {
            #expect(side.imports == nil && side.accessControl == .empty)
        }
        #expect(summary.document.base.namedEdges.allSatisfy { $0.edge.symbols == nil || $0.from == "LocalDataCore" })
        #expect(json.document.head.imports == nil && json.document.head.accessControl != .empty)
        #expect(every.document.head.imports != nil && every.document.base.imports == nil)
        #expect(every.parsedFiles == 0 && every.reusedFiles > 0)  // HEAD's result kept for the JSON alone is not read
        let added = try #require(every.document.diff.edges.imports.added.first)
        #expect("\(added.from) -> \(added.to)" == "Setting -> DesignSystem")
        #expect(added.symbols?.contains { $0.name == "Spacing" } == true)
        #expect(every.document.diff.publicSurface.map(\.module) == ["Setting"])
        let terminal = { (outcome: DiffRun.Outcome) in DiffText.render(outcome.document.diff) }
        #expect(terminal(summary) == terminal(every) && terminal(markdown) == terminal(every))
        #expect(DiffMarkdown.render(markdown.document) == DiffMarkdown.render(every.document))
        #expect(try DiffFormat.json.reporter.files(for: json.document) == DiffFormat.json.reporter.files(for: every.document))
    }

    @Test func twoSavedResultsCompare() throws {
        let repo = try GitFixture()
        try writePackage(repo, domainImport: "", domainDeclaresUI: false)
        let old = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        try repo.folder.write("Sources/Domain/Domain.swift", "import UI\npublic struct Order {}\n")
        let new = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let scratch = try TemporaryDirectory()
        try JSONReporter.encode(old).write(to: URL(fileURLWithPath: scratch.path + "/old.json"))
        try JSONReporter.encode(new).write(to: URL(fileURLWithPath: scratch.path + "/new.json"))
        #expect(DiffRun.comparesSavedResults(scratch.path + "/old.json", scratch.path + "/new.json"))
        let diff = try DiffRun.run(.init(.init(repository: "."), base: scratch.path + "/old.json", head: scratch.path + "/new.json")).document.diff
        #expect(diff.edges.imports.added.map { "\($0.from)->\($0.to)" } == ["Domain->UI"])
        #expect(diff.findings.new.map(\.rule).contains(RuleID.layerViolation))
    }

    /// Names from the repository cannot break Markdown, Mermaid or the HTML page.
    @Test func hostileNamesAreEscapedInEveryDiffFormat() throws {
        let hostile = "<script>alert(1)</script>\"|*_[x](y)@team"
        let module = AssembledModule(
            name: hostile, kind: .library, package: "P", path: "Sources/X", manifest: nil, files: 1, lines: 1,
            dependencies: [], imports: [], declarations: [:], access: [:])
        let other = AssembledModule(
            name: "Core", kind: .library, package: "P", path: "Sources/Core", manifest: nil, files: 1, lines: 1,
            dependencies: [], imports: [], declarations: [:], access: [:])
        let edge = ImportEdge(from: module.id, to: other.id, declared: false, imported: true, evidence: [Location(file: "Sources/X/<b>.swift", line: 1)])
        let base = Analyzer.analyze(Project(root: "R", packages: [], modules: [other], edges: [], diagnostics: []))
        let head = Analyzer.analyze(Project(root: "R", packages: [], modules: [module, other], edges: [edge], diagnostics: []))
        let document = DiffDocument(diff: GraphComparison.compare(base: base, head: head, baseLabel: "a", headLabel: "b"), base: base, head: head)

        let markdown = DiffMarkdown.render(document)
        #expect(!markdown.contains("<script>"))
        #expect(!markdown.replacingOccurrences(of: "`@team`", with: "").contains("@team"))
        #expect(markdown.contains("`@team`"))
        let chart = try #require(DiffMarkdown.changedSubgraph(document.diff))
        #expect(!chart.contains("<"))
        #expect(!chart.contains("\"|"))
        #expect(chart.contains(Mermaid.label(hostile)))
        // The page draws nothing itself: its drawings are laid out before any reporter runs.
        #expect(throws: PreparedReport.NotPrepared.self) { try DiffPage.render(document) }
        #expect(document.prepared(for: [.md, .json], layouts: nil) { _ in }.drawings == nil)
        let page = String(decoding: try DiffPage.render(document.prepared(for: [.html], layouts: nil) { _ in }), as: UTF8.self)
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"))  // in the diff's JSON
        #expect(page.components(separatedBy: "<script").count == 3)  // the diff's data and the page's script, nothing else
    }

    private let layers = """
        layers:
          - name: domain
            modules: [Domain]
          - name: ui
            modules: [UI]
          - name: app
            modules: [App]
        rules:
          - forbidden: {from: domain, to: UIKit}
        """

    /// A package whose layers put Domain lowest: Domain importing UI (or UIKit) is a finding.
    private func writePackage(_ repo: GitFixture, domainImport: String, domainDeclaresUI: Bool = true) throws {
        try repo.folder.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "UI"),
                    .target(name: "Domain", dependencies: [\(domainDeclaresUI ? "\"UI\"" : "")]),
                    .executableTarget(name: "App", dependencies: ["Domain", "UI"]),
                ]
            )
            """)
        try repo.folder.write("Sources/UI/UI.swift", "public struct Button {}\n")
        try repo.folder.write("Sources/Domain/Domain.swift", domainImport + "public struct Order {}\n")
        try repo.folder.write("Sources/App/main.swift", "import Domain\nimport UI\nprint(Order(), Button())\n")
        try repo.folder.write("strata.yml", layers)
    }
}
