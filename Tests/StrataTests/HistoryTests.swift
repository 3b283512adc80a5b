import Foundation
import StrataAnalysis
import StrataHistory
import StrataModel
import StrataPipeline
import StrataSourceTree
import Testing

/// `strata history` on the scripted ten-commit repository of Tests/History/make-history-repo,
/// whose events and commit ids are known.
@Suite struct HistoryTests {
    /// The fixture's commit ids, oldest first (fixed names and dates make them the same everywhere).
    static let ids = [
        "dc2b8c2", "bc61882", "32b90a2", "6c96e3d", "86c6c3d", "8a23550", "08483f0", "05b8ac5", "977577d", "4a2083a",
    ]

    /// The fixture in a temporary folder.
    static func fixture() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let made = try run("/bin/bash", [repositoryRoot + "/Tests/History/make-history-repo", folder.path + "/repo"])
        guard made.status == 0 else { throw SQLiteError("make-history-repo failed: \(made.all)") }
        return folder
    }

    static func history(_ folder: TemporaryDirectory, _ configure: (inout HistoryRun.Options) -> Void = { _ in }) throws -> HistoryRun.Outcome {
        var options = HistoryRun.Options(.init(repository: folder.path + "/repo", cacheDirectory: nil), database: .sqlite(path: folder.path + "/history.sqlite"))
        configure(&options)
        return try HistoryRun.run(options)
    }

    static func site(_ event: HistoryEvent) -> String {
        event.file.map { " \($0):\(event.line ?? 0)" } ?? ""
    }

    /// Commit number (1-based) of an id in the fixture.
    static func number(_ id: String) -> Int { (ids.firstIndex { id.hasPrefix($0) } ?? -1) + 1 }

    @Test func eachKnownEventIsFoundAtItsCommit() throws {
        let folder = try Self.fixture()
        let outcome = try Self.history(folder)
        #expect(outcome.snapshots.map { String($0.commit.id.prefix(7)) } == Self.ids)
        #expect(outcome.analyzed == 10)
        let timeline = HistoryTimeline(repository: "repo", snapshots: outcome.snapshots)
        let events = timeline.events.map { "\(Self.number($0.commit)) \($0.kind.rawValue) \($0.subject)" + Self.site($0) }
        // (file and line, where the event has them)
        #expect(events == [
            "3 module-added Feature",
            "3 edge-added App → Feature Sources/App/main.swift:3",
            "3 edge-added Feature → Domain Sources/Feature/Feature.swift:1",
            "5 edge-added Feature → Core Sources/Feature/Feature.swift:2",
            "6 edge-added Domain → Design Sources/Domain/Order.swift:2",
            "6 layer-violation-introduced Domain → Design Sources/Domain/Order.swift:2",
            "7 edge-added Design → Domain Sources/Design/Button.swift:1",
            "7 cycle-introduced Design, Domain",
            "9 edge-removed Design → Domain",
            "9 cycle-broken Design, Domain",
            "10 edge-removed Feature → Core",
        ])
        #expect(timeline.commits.map(\.cycles) == [0, 0, 0, 0, 0, 0, 1, 1, 0, 0])
        #expect(timeline.commits.map(\.modules) == [4, 4, 5, 5, 5, 5, 5, 5, 5, 5])
    }

    /// A commit is analyzed for what its snapshot keeps: no import grades, no access-control
    /// report, symbols only behind the edges of undeclared imports (which their findings name),
    /// and the very snapshot the whole analysis gives.
    /// Each commit's analysis takes from the one before what is the same (`AnalysisMemo`):
    /// what is stored of every commit is what a fresh analysis of its tree gives, imports
    /// graded and findings included, through edges added and removed.
    @Test func eachCommitIsStoredAsAFreshAnalysisOfItsTreeWouldBe() throws {
        let folder = try Self.fixture()
        let outcome = try Self.history(folder)
        #expect(outcome.snapshots.count == 10)
        for stored in outcome.snapshots {
            let tree = folder.path + "/tree-" + stored.commit.id
            let exported = try run("/bin/bash", ["-c", "mkdir -p \"$1\" && git -C \"$2\" archive \"$3\" | tar -x -C \"$1\"", "-", tree, folder.path + "/repo", stored.commit.id])
            #expect(exported.status == 0, "\(exported.all)")
            let fresh = CommitSnapshot(
                commit: stored.commit, result: try Pipeline.run(Pipeline.Options(path: tree, formats: [], cacheDirectory: nil)).result)
            #expect(stored.findings == fresh.findings, "commit \(Self.number(stored.commit.id))")
            #expect(stored.edges == fresh.edges && stored.modules.map(\.name) == fresh.modules.map(\.name), "commit \(Self.number(stored.commit.id))")
            // Each commit that keeps the last one's Swift files reads only the changed ones and
            // assembles again only their modules: the whole snapshot is still the fresh one's.
            #expect(stored == fresh, "commit \(Self.number(stored.commit.id))")
        }
        #expect(outcome.snapshots.contains { $0.findings.contains { $0.rule == "unused-import" } })
    }

    /// A commit that changes only a file a manifest includes (an XcodeGen spec's `include:`)
    /// is discovered again, not given the commit before's modules. Spelled as a path, as a
    /// `path:` entry, and through an included spec that includes it.
    @Test(arguments: [
        ["project.yml": "name: Shop\ninclude:\n  - specs/targets.yml\n"],
        ["project.yml": "name: Shop\ninclude:\n  - path: specs/targets.yml\n    relativePaths: true\n"],
        ["project.yml": "name: Shop\ninclude: [specs/all.yml]\n", "specs/all.yml": "include:\n  - targets.yml\n"],
    ])
    func aCommitChangingOnlyAnIncludedSpecIsDiscoveredAgain(including: [String: String]) throws {
        let repo = try GitFixture()
        for (path, text) in including { try repo.folder.write(path, text) }
        let app = "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n"
        try repo.folder.write("specs/targets.yml", app)
        try repo.folder.write("App/App.swift", "struct App {}\n")
        try repo.folder.write("Kit/Kit.swift", "struct Kit {}\n")
        try repo.commitAll("App")
        try repo.folder.write("specs/targets.yml", app + "  Kit:\n    type: framework\n    platform: iOS\n    sources: [Kit]\n")
        try repo.commitAll("Kit")
        let folder = try TemporaryDirectory()
        let outcome = try HistoryRun.run(HistoryRun.Options(
            .init(repository: repo.path, cacheDirectory: nil), database: .sqlite(path: folder.path + "/history.sqlite")))
        #expect(outcome.snapshots.map { $0.modules.map(\.name) } == [["App"], ["App", "Kit"]])
    }

    @Test func aCommitIsAnalyzedForWhatItsSnapshotKeeps() throws {
        let path = repositoryRoot + "/Samples/TheMonth"
        var session = try AnalysisSession(.init(repository: path, cacheDirectory: nil), git: false)
        let scanned = session.scan(try session.discover(WorkingDirectoryTree(rootPath: path), label: path))
        let whole = session.finish(scanned).result, kept = session.finish(scanned, extras: []).result
        #expect(whole.imports != nil && whole.accessControl != .empty)
        #expect(kept.imports == nil && kept.accessControl == .empty)
        let implicit = kept.findings.filter { $0.rule == .implicitDependency }.map { "\($0.module) -> \($0.dependency ?? "")" }
        #expect(implicit.count == 2)
        #expect(kept.namedEdges.filter { $0.edge.symbols != nil }.map { "\($0.from) -> \($0.to)" } == ["LocalDataCore -> LocalDataExtension"])
        #expect(whole.edges.count { $0.symbols != nil } > 20)
        #expect(kept.findings == whole.findings)
        #expect(kept.findings.contains { $0.rule == .unusedImport })
        #expect(kept.findings.contains { $0.message.contains("(uses StorageKey") })
        let commit = HistoryCommit(id: "c", time: 0, parents: [], subject: "s")
        #expect(CommitSnapshot(commit: commit, result: kept) == CommitSnapshot(commit: commit, result: whole))
    }

    @Test func oneModulesSeriesIsExactCSV() throws {
        let folder = try Self.fixture()
        let outcome = try Self.history(folder)
        let timeline = HistoryTimeline(repository: "repo", snapshots: outcome.snapshots)
        let feature = try #require(timeline.modules.first { $0.name == "Feature" })
        let csv = HistoryCSV.module(feature, in: timeline)
        // Feature.swift: 4 lines importing Domain, then 7 importing Core too (commits 5 to 9);
        // one protocol of two types: A = 0.5; App imports it: Ca = 1.
        #expect(csv == """
            commit,date,subject,files,lines,ca,ce,instability,abstractness,distance
            dc2b8c261d7af4c88bfcfb15fff727a18cae3f03,2025-01-01,"Core, Domain, Design and App",,,,,,,
            bc618822e352b7015a53cff86c02b71d0e1461f4,2025-01-03,Domain: a cart,,,,,,,
            32b90a2aac4382aa6eb9a8bad2f80f18b0569d92,2025-01-05,Feature module,1,4,1,1,0.5,0.5,0
            6c96e3dd4b52d5f17fc76be5070e92403ee28f79,2025-01-07,Core: a clock,1,4,1,1,0.5,0.5,0
            86c6c3dc963ede46f7be607e7ed0e09a43f642a7,2025-01-09,Feature uses Core's clock,1,7,1,2,0.667,0.5,0.167
            8a2355019cbcba3c46f7327768e13152ef325666,2025-01-11,Domain imports Design,1,7,1,2,0.667,0.5,0.167
            08483f063f8bcda5f16b4c121c779b531121f5e0,2025-01-13,Design shows an order,1,7,1,2,0.667,0.5,0.167
            05b8ac57cb526c26175f15fa8b303f3926fae850,2025-01-15,"Design: a label, with ""quotes"", and a comma",1,7,1,2,0.667,0.5,0.167
            977577d3f9db8c4736452a707a543ee2a08a0883,2025-01-17,Design no longer knows orders,1,7,1,2,0.667,0.5,0.167
            4a2083a02650bf3b96a20f5e6a1cd976507c0611,2025-01-19,Feature without Core,1,4,1,1,0.5,0.5,0

            """)
    }

    /// A run stopped after five commits continues where it stopped; the result equals one
    /// uninterrupted run, and a run with nothing new analyzes nothing.
    @Test func anInterruptedRunContinuesAndEqualsAnUninterruptedOne() throws {
        let folder = try Self.fixture()
        let first = try Self.history(folder) { $0.until = "main~5" }
        #expect(first.analyzed == 5)
        let second = try Self.history(folder)
        #expect(second.analyzed == 5)
        let again = try Self.history(folder)
        #expect(again.analyzed == 0)

        let fresh = try TemporaryDirectory()
        let whole = try HistoryRun.run(.init(.init(repository: folder.path + "/repo", cacheDirectory: nil), database: .sqlite(path: fresh.path + "/h.sqlite")))
        #expect(whole.snapshots == again.snapshots)
        #expect(try HistoryFormat.json.text(for: HistoryTimeline(repository: "r", snapshots: whole.snapshots))
            == HistoryFormat.json.text(for: HistoryTimeline(repository: "r", snapshots: again.snapshots)))
    }

    /// A re-run with nothing new leaves the files of -o alone when the stamp (the one record
    /// of written files) says they are what it would write; an edited file is written again.
    @Test func aRerunWithNothingNewWritesNothingUnlessAFileChanged() throws {
        let folder = try Self.fixture()
        let binary = try #require(builtProduct("strata"))
        let output = folder.path + "/out"
        let history = { try run("/usr/bin/env", [binary, "history", folder.path + "/repo", "-o", output, "--no-cache", "--format", "json,csv"]) }
        let first = try history()
        #expect(first.status == 0, "\(first.all)")
        #expect(first.output.contains("wrote \(output)/history.json"))
        let again = try history()
        // Up to date: it returns before writing or naming the database.
        #expect(again.status == 0 && again.output.isEmpty, "\(again.all)")
        try Data("edited".utf8).write(to: URL(fileURLWithPath: output + "/history.csv"))
        let repaired = try history()
        #expect(repaired.output.contains("wrote \(output)/history.csv"), "\(repaired.all)")
        #expect(try String(contentsOfFile: output + "/history.csv", encoding: .utf8) != "edited")
    }

    @Test func everyNWeekAndTagPickTheirCommits() throws {
        let folder = try Self.fixture()
        func picked(_ every: String, since: String? = nil, max: Int? = nil) throws -> [Int] {
            try Self.history(folder) {
                $0.sampling = HistorySampling(argument: every)!
                $0.since = since
                $0.max = max
            }.snapshots.map { Self.number($0.commit.id) }
        }
        #expect(try picked("3") == [1, 4, 7, 10])
        #expect(try picked("week") == [3, 6, 10])
        #expect(try picked("day") == Array(1...10))
        #expect(try picked("month") == [10])
        #expect(try picked("tag") == [3, 7, 10])
        #expect(try picked("tag", since: "v2") == [7, 10])
        #expect(try picked("1", since: "main~2") == [8, 9, 10])
        #expect(try picked("1", since: "2025-01-14") == [8, 9, 10])
        #expect(try picked("1", max: 2) == [9, 10])
    }

    /// A merge brings its branch's commits into the history only through the merge commit.
    @Test func onlyFirstParentsAreWalked() throws {
        let folder = try Self.fixture()
        let repo = folder.path + "/repo"
        let git = { (arguments: [String]) throws -> ProcessRun in
            try run("/usr/bin/env", ["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false"] + arguments)
        }
        _ = try git(["checkout", "-q", "-b", "side", "main~1"])
        try Data("public struct Side {}\n".utf8).write(to: URL(fileURLWithPath: repo + "/Sources/Core/Side.swift"))
        _ = try git(["add", "-A"])
        _ = try git(["commit", "-q", "-m", "side work"])
        _ = try git(["checkout", "-q", "main"])
        #expect(try git(["merge", "-q", "--no-ff", "-m", "merge side", "side"]).status == 0)
        let outcome = try Self.history(folder)
        #expect(outcome.snapshots.count == 11)
        #expect(!outcome.snapshots.contains { $0.commit.subject == "side work" })
        #expect(outcome.snapshots.last?.commit.subject == "merge side")
        #expect(outcome.snapshots.last?.commit.parents.count == 2)
    }

    /// The mirror's shape: every tag is a root commit of its own, on no branch.
    @Test func tagsThatAreTheOnlyCommitsAreAnalyzed() throws {
        let folder = try TemporaryDirectory()
        let repo = folder.path + "/repo"
        try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
        func git(_ arguments: [String], date: String = "2025-02-01T00:00:00+0000") throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["GIT_AUTHOR_DATE=\(date)", "GIT_COMMITTER_DATE=\(date)", "git", "-C", repo, "-c", "user.name=t",
                "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false"] + arguments
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        try git(["init", "-q", "-b", "main"])
        for (index, version) in ["1.0.0", "2.0.0"].enumerated() {
            try git(["checkout", "-q", "--orphan", "v\(version)"])
            try? FileManager.default.removeItem(atPath: repo + "/Sources")
            try FileManager.default.createDirectory(atPath: repo + "/Sources/Lib\(index)", withIntermediateDirectories: true)
            try Data("public struct A {}\n".utf8).write(to: URL(fileURLWithPath: repo + "/Sources/Lib\(index)/A.swift"))
            try Data("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Lib\(index)\")])\n".utf8)
                .write(to: URL(fileURLWithPath: repo + "/Package.swift"))
            try git(["add", "-A"])
            try git(["commit", "-q", "-m", version], date: "2025-02-0\(index + 1)T00:00:00+0000")
            try git(["tag", version])
        }
        let outcome = try HistoryRun.run(.init(
            .init(repository: repo, cacheDirectory: nil), database: .sqlite(path: folder.path + "/h.sqlite"), until: "2.0.0", sampling: .tag))
        #expect(outcome.snapshots.map(\.commit.subject) == ["1.0.0", "2.0.0"])
        #expect(outcome.snapshots.map { $0.modules.map(\.name) } == [["Lib0"], ["Lib1"]])
    }

    /// A commit reads again what changed since the last one: a header that gains the function a
    /// Swift file calls makes its import used at that commit, and a later commit that changes
    /// only Swift files keeps the headers as read (no manifest, header or file list changed).
    @Test func aHeaderChangedAtACommitIsReadAgain() throws {
        let folder = try TemporaryDirectory()
        let repo = folder.path + "/repo"
        func write(_ path: String, _ text: String) throws {
            try FileManager.default.createDirectory(atPath: (repo + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: repo + "/" + path))
        }
        func git(_ arguments: [String], date: String = "2025-02-01T00:00:00+0000") throws {
            let result = try run("/usr/bin/env", ["GIT_AUTHOR_DATE=\(date)", "GIT_COMMITTER_DATE=\(date)", "git", "-C", repo, "-c", "user.name=t",
                "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false"] + arguments)
            #expect(result.status == 0, "\(result.all)")
        }
        try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"])
        try write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "CShim"), .target(name: "App", dependencies: ["CShim"])])
            """)
        try write("Sources/CShim/shim.c", "int shim_add(int a, int b) { return a + b; }\n")
        let commits: [(header: String, app: String)] = [
            ("int shim_add(int a, int b);\n", "import CShim\nlet made = shim_new()\n"),
            ("int shim_add(int a, int b);\nint shim_new(void);\n", "import CShim\nlet made = shim_new()\n"),
            ("int shim_add(int a, int b);\nint shim_new(void);\n", "import CShim\nlet made = shim_new() + 1\n"),
        ]
        for (index, commit) in commits.enumerated() {
            try write("Sources/CShim/include/shim.h", commit.header)
            try write("Sources/App/App.swift", commit.app)
            try git(["add", "-A"])
            try git(["commit", "-q", "-m", "commit \(index + 1)"], date: "2025-02-0\(index + 1)T00:00:00+0000")
        }
        let outcome = try HistoryRun.run(.init(.init(repository: repo, cacheDirectory: nil), database: .sqlite(path: folder.path + "/h.sqlite")))
        let unused = outcome.snapshots.map { $0.findings.filter { $0.rule == RuleID.unusedImport.rawValue && $0.dependency == "CShim" }.count }
        #expect(unused == [1, 0, 0])
    }

    /// Names from the repository reach the page only as escaped JSON, CSV only as text.
    @Test func hostileNamesAreEscaped() throws {
        let hostile = "</script><script>alert(1)</script>"
        let commit = HistoryCommit(id: "abc", time: 0, parents: [], subject: "=HYPERLINK(\"x\") " + hostile)
        let module = CommitSnapshot.ModuleRow(
            id: "Package.swift#" + hostile, name: hostile, kind: "library", linkage: "static", files: 1, lines: 1,
            ca: 0, ce: 0, instability: 0, abstractness: 0, distance: 1)
        let snapshot = CommitSnapshot(commit: commit, modules: [module], edges: [], cycles: [], findings: [], injection: .init())
        var timeline = HistoryTimeline(repository: "<b>repo</b>", snapshots: [snapshot])
        timeline.linkBase = "javascript:alert(1)//"
        let page = HistoryPage.render(timeline)
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"))
        #expect(page.contains("<title>&lt;b&gt;repo&lt;/b&gt; · Strata history</title>"))
        #expect(page.components(separatedBy: "<script").count == 3)  // the data and our script, nothing else
        let csv = HistoryCSV.module(timeline.modules[0], in: timeline)
        #expect(csv.split(separator: "\n")[1].hasPrefix("abc,1970-01-01,\"'=HYPERLINK(\"\"x\"\")"))
        #expect(HistoryMarkdown.render(timeline).contains("\\<b\\>repo") == false)
        #expect(!HistoryMarkdown.render(timeline).contains("<script>"))
    }

    static let binary = builtProduct("strata")

    @Test(.enabled(if: binary != nil)) func theCommandAnswersEdgeModuleAndWritesThePage() throws {
        let folder = try Self.fixture()
        let repo = folder.path + "/repo", db = folder.path + "/h.sqlite"
        let edge = try run(Self.binary!, ["history", repo, "--db", db, "--no-cache", "--edge", "Feature", "Core"])
        #expect(edge.status == 0, "\(edge.all)")
        #expect(edge.output == """
            Feature first imports Core at 86c6c3dc963e 2025-01-09 Feature uses Core's clock (Sources/Feature/Feature.swift:2)
              gone at 4a2083a02650 2025-01-19 Feature without Core

            """)
        let never = try run(Self.binary!, ["history", repo, "--db", db, "--no-cache", "--edge", "Core", "App"])
        #expect(never.status == 1)
        #expect(never.output == "Core never imports App in the 10 sampled commits\n")

        let module = try run(Self.binary!, ["history", "--repo", repo, "--db", db, "--no-cache", "--module", "Feature", "--format", "csv"])
        #expect(module.status == 0)
        #expect(module.output.split(separator: "\n").count == 11)

        let out = folder.path + "/out"
        let written = try run(Self.binary!, ["history", repo, "-o", out, "--no-cache", "--quiet", "--link-base", "https://example.com/c/"])
        #expect(written.status == 0, "\(written.all)")
        for file in ["index.html", "history.json", "history.csv", "history.md", "history.sqlite"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)")
        }
        let markdown = try String(contentsOfFile: out + "/history.md", encoding: .utf8)
        #expect(markdown.contains("Since dc2b8c261d7a: modules 4 → 5, edges +5 −2, cycles 0 → 0, new errors 1."))
        #expect(markdown.contains("- `08483f063f8b` cycle-introduced: Design, Domain"))
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(page.contains("\"linkBase\":\"https://example.com/c/\""))

        // Nothing new: the files are left as written, unless they are not what was written
        // or the run asks for something else.
        let json = out + "/history.json"
        let original = try String(contentsOfFile: json, encoding: .utf8)
        func inode(_ path: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        }
        let before = try inode(json)
        let again = try run(Self.binary!, ["history", repo, "-o", out, "--no-cache", "--link-base", "https://example.com/c/"])
        #expect(again.status == 0)
        #expect(!again.all.contains("wrote"), "\(again.all)")
        #expect(try inode(json) == before, "written again (a new file) though nothing was new")
        try "edited".write(toFile: json, atomically: true, encoding: .utf8)
        let repaired = try run(Self.binary!, ["history", repo, "-o", out, "--no-cache", "--link-base", "https://example.com/c/"])
        #expect(repaired.all.contains("wrote \(json)"), "\(repaired.all)")
        #expect(try String(contentsOfFile: json, encoding: .utf8) == original)
        let relinked = try run(Self.binary!, ["history", repo, "-o", out, "--no-cache", "--link-base", "https://example.org/"])
        #expect(relinked.all.contains("wrote"), "\(relinked.all)")
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8).contains("https://example.org/"))
    }

    /// The database is plain SQLite: the `sqlite3` shell reads it with the documented queries.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func theSqlite3ShellReadsTheDatabase() throws {
        let folder = try Self.fixture()
        _ = try Self.history(folder)
        let db = folder.path + "/history.sqlite"
        func query(_ sql: String) throws -> String { try run("/usr/bin/sqlite3", [db, sql]).output }
        #expect(try query("PRAGMA user_version") == "1\n")
        #expect(try query("SELECT count(*) FROM commits") == "10\n")
        let firstSeen = try query("""
            SELECT substr(c.id, 1, 7), e.file, e.line FROM edges e JOIN commits c ON c.id = e.commit_id
            WHERE e.source = 'Feature' AND e.target = 'Core' AND e.kind = 'import' ORDER BY c.time LIMIT 1
            """)
        #expect(firstSeen == "86c6c3d|Sources/Feature/Feature.swift|2\n")
        let cycles = try query("SELECT substr(commit_id, 1, 7), group_concat(module, ' ') FROM cycles GROUP BY commit_id, cycle ORDER BY 1")
        #expect(cycles == "05b8ac5|Design Domain\n08483f0|Design Domain\n")
    }

    @Test(.enabled(if: binary != nil)) func badInputIsOneLineAndExitTwo() throws {
        let folder = try Self.fixture()
        let repo = folder.path + "/repo"
        let damaged = folder.path + "/damaged.sqlite"
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: damaged))
        let broken = try run(Self.binary!, ["history", repo, "--db", damaged, "--no-cache"])
        #expect(broken.status == 2)
        #expect(broken.errors == "error: \(damaged): file is not a database\n")

        let unknown = try run(Self.binary!, ["history", repo, "--until", "nope", "--db", folder.path + "/h.sqlite", "--no-cache"])
        #expect(unknown.status == 2)
        #expect(unknown.errors == "error: nope: unknown revision in repo\n")

        let tagged = try run(Self.binary!, ["history", repo, "--every", "tag", "--db", folder.path + "/tags.sqlite", "--no-cache"])
        #expect(tagged.status == 0, "\(tagged.all)")
        _ = try run("/usr/bin/env", ["git", "-C", repo, "tag", "-d", "v1", "v2", "v3"])
        let untagged = try run(Self.binary!, ["history", repo, "--every", "tag", "--db", folder.path + "/none.sqlite", "--no-cache"])
        #expect(untagged.status == 2)
        #expect(untagged.errors == "error: \(repo): no tagged commit to analyze\n")

        let empty = try TemporaryDirectory()
        _ = try run("/usr/bin/env", ["git", "-C", empty.path, "init", "-q"])
        let noCommit = try run(Self.binary!, ["history", empty.path, "--db", empty.path + "/h.sqlite"])
        #expect(noCommit.status == 2)
        #expect(noCommit.errors.split(separator: "\n").count == 1)
    }
}
