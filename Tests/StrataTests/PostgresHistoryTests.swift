import Foundation
import StrataHistory
import StrataModel
import StrataPipeline
import Testing

/// `strata history --database` and `strata org` against a real PostgreSQL server: the one
/// Tests/Support/postgres-server starts for `make test` (STRATA_TEST_DATABASE_URL, a
/// superuser). Under `make test` (STRATA_REQUIRE_POSTGRES=1) or CI=true a missing server
/// fails these tests; a plain `swift test` without one lists them as skipped.
@Suite(.serialized) struct PostgresHistoryTests {
    static let environment = ProcessInfo.processInfo.environment
    static let adminURL = environment["STRATA_TEST_DATABASE_URL"]
    static let required = environment["CI"] == "true" || environment["STRATA_REQUIRE_POSTGRES"] == "1"
    static let psql = "/usr/bin/psql"
    static let binary = builtProduct("strata")
    static let tables = ["commits", "modules", "edges", "cycles", "findings"]

    /// Every form libpq takes a password in, redacted in what Strata prints and scrubbed
    /// from libpq's own messages (which may quote a URL it could not parse).
    @Test(arguments: [
        "postgresql://strata@db.example:5432/db?password=S3cret&sslmode=disable",
        "postgresql://strata@db.example:5432/db?sslmode=disable&password=S3cret",
        "postgresql://strata:S3cret@db.example:5432/db",
        "postgres://strata:S3%63ret@db.example/db",
        "postgresql://strata:S3/cr?et@db.example:5432/db",
        "postgresql://strata:S3@cr/et@db.example/db",
        "host=db.example user=strata password=S3cret dbname=db",
        "host=db.example password = 'S3 cr\\'et' dbname=db",
        "password=S3cret",
    ])
    func redactsThePasswordInEveryForm(text: String) throws {
        let address = ConnectionString(text)
        #expect(address.isConnectionString)
        #expect(!address.redacted.contains("S3"), "\(address.redacted)")
        // libpq's own message may quote the string whole.
        #expect(!address.scrub("invalid connection option in \"\(text)\"").contains("S3"))
        #expect(address.redacted.contains("db.example") || text == "password=S3cret")
    }

    @Test func aFileNameIsNoConnectionString() {
        #expect(!ConnectionString("history.sqlite").isConnectionString)
        #expect(!ConnectionString("/tmp/a=b/history.sqlite").isConnectionString)
        #expect(ConnectionString("postgresql://u@h/d").redacted == "postgresql://u@h/d")
    }

    /// The password never reaches stderr, whatever the form, when the server cannot be reached.
    @Test(arguments: [
        "postgresql://strata@127.0.0.1:9/db?password=S3cret&sslmode=disable",
        "postgresql://strata@127.0.0.1:9/db?sslmode=disable&password=S3cret",
        "postgresql://strata:S3/cr?et@127.0.0.1:9/db",
        "postgresql://strata:S3cret@127.0.0.1:notaport/db",
        "host=127.0.0.1 port=9 user=strata password=S3cret dbname=db",
        "host=127.0.0.1 port=9 user=strata password='S3cret' dbname=db connect_timeout=x",
    ])
    func historyNeverPrintsThePassword(database: String) throws {
        let folder = try HistoryTests.fixture()
        let answer = try run(try #require(Self.binary), ["history", folder.path + "/repo", "--database", database, "--quiet"])
        #expect(answer.status == 2, "\(answer.all)")
        #expect(!answer.all.contains("S3"), "\(answer.all)")
        #expect(answer.all.contains("127.0.0.1"), "\(answer.all)")
    }

    /// A new, empty database on the test server, and its URL.
    static func freshDatabase() throws -> String {
        let admin = try #require(adminURL, "no PostgreSQL server: run under `make test` (Tests/Support/postgres-server)")
        let name = "strata_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        let made = try run(psql, [admin, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE DATABASE \(name)"])
        guard made.status == 0 else { throw PostgresError("CREATE DATABASE failed: \(made.all)") }
        return String(admin[..<admin.lastIndex(of: "/")!]) + "/" + name
    }

    /// psql's unaligned rows, `|` between columns.
    static func query(_ url: String, _ sql: String) throws -> String {
        let answer = try run(psql, [url, "-v", "ON_ERROR_STOP=1", "-XAtqc", sql])
        guard answer.status == 0 else { throw PostgresError("psql: \(answer.all)") }
        return answer.output
    }

    static func sqlite(_ path: String, _ sql: String) throws -> String {
        try run("/usr/bin/sqlite3", [path, sql]).output
    }

    /// Every column of each table as text, in key order: the same SELECT on both databases
    /// (real numbers to nine places, NULL as an empty field).
    static func rows(_ table: String) -> String {
        switch table {
        case "commits":
            return "SELECT id, time, parents, subject, registrations, resolutions, unregistered_resolutions, duplicate_registrations FROM %T ORDER BY id"
        case "modules":
            return """
                SELECT commit_id, module_id, name, kind, linkage, files, lines, coalesce(ca, -1), coalesce(ce, -1),
                  round(coalesce(instability, -1) * 1e9), round(coalesce(abstractness, -1) * 1e9), round(coalesce(distance, -1) * 1e9)
                FROM %T ORDER BY commit_id, module_id
                """
        case "edges": return "SELECT commit_id, source, target, kind, coalesce(file, ''), coalesce(line, -1) FROM %T ORDER BY commit_id, source, target, kind"
        case "cycles": return "SELECT commit_id, cycle, module FROM %T ORDER BY commit_id, cycle, module"
        default:
            return "SELECT commit_id, fingerprint, rule, severity, module, coalesce(dependency, ''), coalesce(file, ''), coalesce(line, -1), message FROM %T ORDER BY commit_id, fingerprint"
        }
    }

    static func sqliteRows(_ path: String, _ table: String) throws -> String {
        try sqlite(path, rows(table).replacingOccurrences(of: "%T", with: table))
            .replacingOccurrences(of: ".0\n", with: "\n").replacingOccurrences(of: ".0|", with: "|")
    }

    static func postgresRows(_ url: String, _ table: String, repository: String) throws -> String {
        // psql prints round()'s double without a fraction; sqlite3 with `.0` (taken off above).
        try query(url, rows(table).replacingOccurrences(of: "%T", with: "strata.\(table) WHERE repository = '\(repository)'"))
    }

    /// Runs `strata` with STRATA_DATABASE_URL set (as CI would, keeping the password off the
    /// command line), without waiting.
    static func start(_ arguments: [String], database: String, output: FileHandle? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(binary, "strata was not built"))
        process.arguments = arguments
        var environment = Self.environment
        environment["STRATA_DATABASE_URL"] = database
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = output ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    static func strata(_ arguments: [String], database: String) throws -> ProcessRun {
        let scratch = try TemporaryDirectory()
        let log = scratch.path + "/log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        let process = try start(arguments, database: database, output: handle)
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        return ProcessRun(status: process.terminationStatus, output: text, errors: text)
    }

    @Test(.enabled(if: adminURL != nil || required))
    func theRowsOfEachTableEqualTheSQLiteHistoryPerRepository() throws {
        let url = try Self.freshDatabase()
        let folder = try HistoryTests.fixture()
        let sqlite = try HistoryTests.history(folder)
        #expect(sqlite.analyzed == 10)
        // The same commits under two repository names: the rows must not mix.
        for name in ["shop", "shop-twin"] {
            let outcome = try HistoryTests.history(folder) { options in
                options.database = .postgres(url: url, name: name)
            }
            #expect(outcome.analyzed == 10)
            // What the page is drawn from is the same whichever database it came from.
            #expect(outcome.snapshots.map { var s = $0; s.packages = []; return s } == sqlite.snapshots)
            #expect(HistoryTimeline(repository: "repo", snapshots: outcome.snapshots) == HistoryTimeline(repository: "repo", snapshots: sqlite.snapshots))
        }
        let db = folder.path + "/history.sqlite"
        for table in Self.tables {
            let expected = try Self.sqliteRows(db, table)
            #expect(!expected.isEmpty, "\(table) is empty in SQLite")
            for name in ["shop", "shop-twin"] {
                let found = try Self.postgresRows(url, table, repository: name)
                #expect(found == expected, "\(table) of \(name) differs from SQLite")
            }
        }
        #expect(try Self.query(url, "SELECT name FROM strata.repositories ORDER BY name") == "shop\nshop-twin\n")
        #expect(try Self.query(url, "SELECT version FROM strata.schema_version") == "1\n")
        // A re-run writes nothing and duplicates nothing.
        let again = try HistoryTests.history(folder) { options in
            options.database = .postgres(url: url, name: "shop")
        }
        #expect(again.analyzed == 0)
        #expect(try Self.query(url, "SELECT count(*) FROM strata.commits") == "20\n")

        // `-o` writes the same page and files from either database.
        let fromSQLite = try Self.strata(["history", folder.path + "/repo", "--db", db, "-o", folder.path + "/a", "--quiet"], database: "")
        let fromPostgres = try Self.strata(["history", folder.path + "/repo", "--database", url, "--name", "shop", "-o", folder.path + "/b", "--quiet"], database: "")
        #expect(fromSQLite.status == 0 && fromPostgres.status == 0, "\(fromSQLite.all) \(fromPostgres.all)")
        for file in ["index.html", "history.json", "history.csv", "history.md"] {
            let a = FileManager.default.contents(atPath: folder.path + "/a/" + file), b = FileManager.default.contents(atPath: folder.path + "/b/" + file)
            #expect(a != nil && a == b, "\(file) differs")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/b/history.sqlite"))
    }

    @Test(.enabled(if: adminURL != nil || required))
    func eightConcurrentWritersOfFourRepositoriesLoseAndDuplicateNothing() throws {
        let url = try Self.freshDatabase()
        let folder = try HistoryTests.fixture()
        _ = try HistoryTests.history(folder)
        let db = folder.path + "/history.sqlite"
        let names = (0..<4).map { "repository-\($0)" }
        let writers = try (names + names).map { name in
            try Self.start(["history", folder.path + "/repo", "--name", name, "--no-cache", "--quiet"], database: url)
        }
        for writer in writers { writer.waitUntilExit() }
        #expect(writers.map(\.terminationStatus) == Array(repeating: 0, count: 8))
        for table in Self.tables {
            let expected = try Self.sqliteRows(db, table)
            for name in names {
                #expect(try Self.postgresRows(url, table, repository: name) == expected, "\(table) of \(name)")
            }
        }
        #expect(try Self.query(url, "SELECT repository, count(*) FROM strata.commits GROUP BY repository ORDER BY 1")
            == names.map { "\($0)|10\n" }.joined())
    }

    @Test(.enabled(if: adminURL != nil || required))
    func aWriterKilledMidCommitLeavesNoPartialCommitAndTheNextRunCompletesIt() throws {
        let url = try Self.freshDatabase()
        let folder = try HistoryTests.fixture()
        _ = try HistoryTests.history(folder)
        let db = folder.path + "/history.sqlite"
        _ = try PostgresHistoryStore(url: url, repository: "seed", remote: nil)  // the schema

        // Another session holds `cycles`: the writer stops at the fixture's first commit with a
        // cycle (the seventh), its commit, module and edge rows sent but not committed.
        let holder = Process(), input = Pipe()
        holder.executableURL = URL(fileURLWithPath: Self.psql)
        holder.arguments = [url, "-XAtq"]
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        input.fileHandleForWriting.write(Data("BEGIN;\nLOCK TABLE strata.cycles IN ACCESS EXCLUSIVE MODE;\nSELECT 1;\n".utf8))
        Thread.sleep(forTimeInterval: 0.5)

        let writer = try Self.start(["history", folder.path + "/repo", "--name", "victim", "--no-cache", "--quiet"], database: url)
        var waiting = false
        for _ in 0..<600 where !waiting {
            Thread.sleep(forTimeInterval: 0.2)
            let state = try Self.query(url, "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'strata' AND wait_event_type = 'Lock'")
            waiting = state == "1\n"
        }
        #expect(waiting, "the writer never reached the locked table")
        let stored = try Self.query(url, "SELECT count(*) FROM strata.commits WHERE repository = 'victim'")
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        input.fileHandleForWriting.write(Data("COMMIT;\n\\q\n".utf8))
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        // The killed connection's transaction is rolled back once the server sees it closed.
        for _ in 0..<100 {
            if try Self.query(url, "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'strata'") == "0\n" { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let committed = Int(try Self.query(url, "SELECT count(*) FROM strata.commits WHERE repository = 'victim'").dropLast()) ?? -1
        #expect(stored == "\(committed)\n")
        #expect(committed == 6, "the writer was not stopped at the seventh commit")
        // Each commit there is whole: its rows are exactly SQLite's for it.
        let ids = try Self.query(url, "SELECT id FROM strata.commits WHERE repository = 'victim'").split(separator: "\n").map(String.init)
        for table in Self.tables where table != "commits" {
            let expected = try Self.sqliteRows(db, table).split(separator: "\n").filter { line in ids.contains { line.hasPrefix($0) } }
            let found = try Self.postgresRows(url, table, repository: "victim").split(separator: "\n")
            #expect(found == expected, "\(table): a partial commit is visible")
        }
        let next = try HistoryTests.history(folder) { options in
            options.database = .postgres(url: url, name: "victim")
        }
        #expect(next.analyzed == 10 - committed)
        for table in Self.tables {
            #expect(try Self.postgresRows(url, table, repository: "victim") == (try Self.sqliteRows(db, table)), "\(table)")
        }
    }

    @Test(.enabled(if: adminURL != nil || required))
    func aWrongRefusedOrUnauthorisedURLIsOneLineAndExitTwoAndWritesNoPage() throws {
        let url = try Self.freshDatabase()
        let folder = try HistoryTests.fixture()
        let repo = folder.path + "/repo"
        // A role that may connect but not create the schema.
        _ = try Self.query(url, "CREATE ROLE strata_reader LOGIN PASSWORD 'reader-secret'")
        let authority = url.split(separator: "@")[1]
        let reader = "postgresql://strata_reader:reader-secret@\(authority)"
        let wrongPassword = "postgresql://postgres:wrong-secret@\(authority)"
        let cases: [(url: String, says: String)] = [
            ("mysql://root@127.0.0.1/x", "not a PostgreSQL URL"),
            ("postgresql://strata@127.0.0.1:1/history", "Connection refused"),
            (wrongPassword, "password authentication failed for user \"postgres\""),
            (String(url[..<url.lastIndex(of: "/")!]) + "/no_such_database", "database \"no_such_database\" does not exist"),
            (reader, "permission denied for database"),
        ]
        for (index, entry) in cases.enumerated() {
            let output = folder.path + "/out\(index)"
            let history = try Self.strata(["history", repo, "-o", output, "--no-cache", "--quiet"], database: entry.url)
            #expect(history.status == 2, "\(entry.url): \(history.all)")
            #expect(history.errors.split(separator: "\n").count == 1, "\(history.errors)")
            #expect(history.errors.hasPrefix("error: ") && history.errors.contains(entry.says), "\(history.errors)")
            #expect(!history.errors.contains("secret"), "a password in \(history.errors)")
            #expect(!FileManager.default.fileExists(atPath: output + "/index.html"))
            #expect(!FileManager.default.fileExists(atPath: output + "/history.sqlite"))

            let org = try Self.strata(["org", "-o", output], database: entry.url)
            #expect(org.status == 2, "\(org.all)")
            // The reader may read: its database simply holds no history yet.
            let orgSays = entry.url == reader ? "no strata history here" : entry.says
            #expect(org.errors.split(separator: "\n").count == 1 && org.errors.contains(orgSays), "\(org.errors)")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: output))?.contains("index.html") != true)
        }
        // A database strata never wrote to has no organisation to show.
        let empty = try Self.strata(["org", "-o", folder.path + "/empty"], database: url)
        #expect(empty.status == 2)
        #expect(empty.errors.contains("no strata history here"), "\(empty.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/empty"))
        // Once the schema exists, reading needs only SELECT.
        _ = try HistoryTests.history(folder) { $0.database = .postgres(url: url) }
        _ = try Self.query(url, "GRANT USAGE ON SCHEMA strata TO strata_reader; GRANT SELECT ON ALL TABLES IN SCHEMA strata TO strata_reader")
        let read = try Self.strata(["org", "--format", "json", "-o", folder.path + "/read"], database: reader)
        #expect(read.status == 0, "\(read.all)")
    }

    /// Snapshots are read by key: the asked commits alone, in the order asked, whatever else
    /// the repository holds; an id no commit has (even one with quotes and backslashes) is
    /// left out.
    @Test(.enabled(if: adminURL != nil || required))
    func snapshotsAreReadByTheirCommits() throws {
        let url = try Self.freshDatabase()
        let folder = try HistoryTests.fixture()
        let all = try HistoryTests.history(folder) { $0.database = .postgres(url: url, name: "shop") }.snapshots
        let store = try PostgresHistoryStore(url: url, repository: "shop", remote: nil)
        let asked = [all[6].commit.id, "x\"}{\\", all[2].commit.id]
        #expect(try store.snapshots(asked) == [all[6], all[2]])
        #expect(try store.snapshots([]).isEmpty)
        #expect(try PostgresHistoryStore(url: url, repository: "other", remote: nil).snapshots(asked).isEmpty)
    }

    @Test(.enabled(if: adminURL != nil || required))
    func theOrganisationShowsSharedPackagesTheirPinsAndDrift() throws {
        let url = try Self.freshDatabase()
        let folder = try TemporaryDirectory()
        let made = try run("/bin/bash", [repositoryRoot + "/Tests/History/make-org-repos", folder.path])
        #expect(made.status == 0, "\(made.all)")
        for line in made.output.split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            let written = try Self.strata(
                ["history", folder.path + "/" + parts[0], "--remote", parts[1], "--no-cache", "--quiet"], database: url)
            #expect(written.status == 0, "\(written.all)")
        }
        let out = folder.path + "/org"
        let org = try Self.strata(["org", "-o", out, "--title", "Example <Org>"], database: url)
        #expect(org.status == 0, "\(org.all)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/org.json"))) as! [String: Any]
        let repositories = (json["repositories"] as! [[String: Any]]).map { $0["name"] as! String }
        #expect(repositories == ["analytics", "core-kit", "design-system", "shop-app"])
        let packages = json["packages"] as! [[String: Any]]
        func consumers(_ name: String) -> [String] {
            let package = packages.first { $0["repository"] as? String == name }
            return (package?["consumers"] as? [[String: Any]] ?? []).map { consumer in
                "\(consumer["repository"]!) \(consumer["kind"]!) \(consumer["version"] ?? "-")\(consumer["behind"] as? Bool == true ? " behind" : "")"
            }
        }
        #expect(packages.map { $0["repository"] as! String } == ["analytics", "core-kit", "design-system"])
        #expect(consumers("core-kit") == ["design-system swiftpm 1.3.0", "shop-app swiftpm 1.2.0 behind"])
        #expect(consumers("design-system") == ["shop-app swiftpm 2.0.0"])
        #expect(consumers("analytics") == ["shop-app cocoapods 0.9.0"])
        let core = packages.first { $0["repository"] as? String == "core-kit" }!
        #expect(core["drift"] as? Bool == true)
        #expect(core["versions"] as? [String] == ["1.3.0", "1.2.0"])
        let design = (core["consumers"] as! [[String: Any]])[0]
        #expect((design["pins"] as! [[String: Any]]).map { $0["version"] as! String } == ["1.2.0", "1.3.0"])
        #expect(design["requirement"] as? String == "from: 1.0.0")

        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(page.contains("<title>Example &lt;Org&gt; · Strata organisation</title>"))
        #expect(page.contains("<svg") && page.contains("core-kit"))
        let markdown = try String(contentsOfFile: out + "/org.md", encoding: .utf8)
        #expect(markdown.contains("### core-kit (versions drift: 1.3.0, 1.2.0)"), "\(markdown)")
        #expect(markdown.contains("| shop-app | swiftpm core-kit | 1.2.0 (behind) | exact: 1.2.0 | 0 |"), "\(markdown)")
        #expect(markdown.contains("| design-system | swiftpm core-kit | 1.3.0 | from: 1.0.0 | 1 |"), "\(markdown)")
        // The same database gives the same bytes.
        let again = try Self.strata(["org", "-o", folder.path + "/org2", "--title", "Example <Org>"], database: url)
        #expect(again.status == 0)
        for file in ["index.html", "org.json", "org.md"] {
            #expect(FileManager.default.contents(atPath: out + "/" + file) == FileManager.default.contents(atPath: folder.path + "/org2/" + file), "\(file)")
        }
    }
}

/// The package files of a commit, read without git: the manifest by the bounded reader.
@Suite struct PackagePinsTests {
    @Test func resolvedManifestAndPodfileLockAreMergedByIdentity() {
        let files: [(path: String, text: String)] = [
            (path: "Package.swift", text: """
                // swift-tools-version:5.9
                import PackageDescription
                let logURL = "https://github.com/apple/swift-log"
                let package = Package(
                    name: "App",
                    dependencies: [
                        .package(url: "https://git.example.com/org/Core-Kit.git", from: "1.0.0"),
                        .package(url: logURL, .upToNextMinor(from: "1.5.0")),
                        .package(url: "https://github.com/apple/swift-nio.git", "2.0.0"..<"3.0.0"),
                        .package(name: "Pinned", url: "git@git.example.com:org/Pinned.git", exact: "1.2.3"),
                        .package(url: "https://git.example.com/org/edge", branch: "main"),
                        .package(url: "https://git.example.com/org/old", .exact("0.1.0")),
                        .package(path: "../Local"),
                    ],
                    targets: [.target(name: "App")]
                )
                """),
            (path: "App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", text: """
                {"object": {"pins": [{"package": "Core", "repositoryURL": "https://git.example.com/org/Core-Kit.git",
                  "state": {"branch": null, "revision": "abc", "version": "1.2.0"}}]}, "version": 1}
                """),
            (path: "ios/Podfile.lock", text: """
                PODS:
                  - "Analytics/Core (0.9.0)":
                    - Alamofire
                  - Alamofire (5.9.1)

                EXTERNAL SOURCES:
                  Analytics:
                    :git: https://git.example.com/org/Analytics.git
                    :commit: 0123abcd
                """),
        ]
        let rows = PackageRows.rows(files.map { (path: $0.path, bytes: Array($0.text.utf8)) })
        #expect(rows == [
            PackageRow(kind: "cocoapods", name: "Alamofire", url: nil, requirement: nil, version: "5.9.1", revision: nil),
            PackageRow(kind: "cocoapods", name: "Analytics", url: "https://git.example.com/org/Analytics.git", requirement: nil, version: "0.9.0", revision: "0123abcd"),
            PackageRow(kind: "swiftpm", name: "core-kit", url: "https://git.example.com/org/Core-Kit.git", requirement: "from: 1.0.0", version: "1.2.0", revision: "abc"),
            PackageRow(kind: "swiftpm", name: "edge", url: "https://git.example.com/org/edge", requirement: "branch: main", version: nil, revision: nil),
            PackageRow(kind: "swiftpm", name: "old", url: "https://git.example.com/org/old", requirement: ".exact(0.1.0)", version: nil, revision: nil),
            PackageRow(kind: "swiftpm", name: "pinned", url: "git@git.example.com:org/Pinned.git", requirement: "exact: 1.2.3", version: nil, revision: nil),
            PackageRow(kind: "swiftpm", name: "swift-log", url: "https://github.com/apple/swift-log", requirement: ".upToNextMinor(from: 1.5.0)", version: nil, revision: nil),
            PackageRow(kind: "swiftpm", name: "swift-nio", url: "https://github.com/apple/swift-nio.git", requirement: "2.0.0..<3.0.0", version: nil, revision: nil),
        ])
        // Text that only looks like a manifest names nothing: the manifest is read, not searched.
        #expect(PackageRows.rows([(path: "Package.swift", bytes: Array("// .package(url: \"https://x/y\", from: \"1.0.0\")\n".utf8))]).isEmpty)
    }

    @Test func packageIdentityIsTheLocationsLastComponent() {
        #expect(PackageIdentity.of(location: "https://github.com/apple/swift-nio.git") == "swift-nio")
        #expect(PackageIdentity.of(location: "git@github.com:Org/Core-Kit.git/") == "core-kit")
        #expect(PackageIdentity.name(ofLocation: "../Packages/MyKit") == "MyKit")
        #expect(PackageIdentity.name(ofLocation: "https://github.com/x/my.github-lib") == "my.github-lib")
        #expect(PackageIdentity.of(location: "") == nil)
    }

    @Test func urlsNamingOneRepositoryAreEqualNormalized() {
        let one = [
            "https://git.example.com/org/core-kit", "https://git.example.com/org/Core-Kit.git/", "git@git.example.com:org/core-kit.git",
            "ssh://git@git.example.com/org/core-kit.git", "ssh://git@git.example.com:22/org/core-kit",
        ].map { PackageIdentity.normalized(url: $0) }
        #expect(Set(one) == ["git.example.com/org/core-kit"])
        #expect(PackageIdentity.normalized(url: "https://git.example.com/other/core-kit") != one[0])
    }
}
