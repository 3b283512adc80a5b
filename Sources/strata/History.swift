import ArgumentParser
import Foundation
import StrataHistory
import StrataModel
import StrataPipeline
import StrataReport

/// `strata history`: the module graph over a branch's history, in one SQLite file.
struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Analyze the sampled commits of a branch (or its tags) into a SQLite history and draw its trends.",
        discussion: """
            Walks the first-parent history of --until (default HEAD), or every tag with \
            --every tag, and analyzes each sampled commit from git objects, without touching \
            the working directory (a bare repository works). Facts of files seen at any commit \
            are reused, and the facts cache is shared with `analyze` and `diff`. Each commit is \
            stored in one transaction in the database (--db, default history.sqlite in -o, or \
            in the current folder), so an interrupted run continues where it stopped, and a \
            re-run analyzes only commits the database does not hold. The schema is in \
            docs/history.md.

            With --database URL (or STRATA_DATABASE_URL), the commits go to a PostgreSQL \
            database that many repositories share, each row under --name, idempotently and \
            one transaction per commit, so concurrent CI jobs need no coordination; \
            `strata org` draws them all.

            Without -o, prints a Markdown summary. --edge A B prints when A first imported B and \
            when it stopped; --module M prints that module's series as CSV.

            Exit codes: 0 fine; 1 --edge found no such dependency; 2 bad usage or input \
            (unknown revision, damaged database).
            """
    )

    @Argument(help: "The git repository (a work tree or a bare repository).", completion: .directory)
    var path: String = "."

    @Option(help: "The repository, instead of PATH.", completion: .directory)
    var repo: String?

    @Option(help: "Start at this revision, or at this date (anything `git log --since` takes).")
    var since: String?

    @Option(help: "The newest commit (default HEAD).")
    var until: String = "HEAD"

    @Option(help: ArgumentHelp("Which commits: every Nth, the last of each day, week or month, or every tag.", valueName: "N|day|week|month|tag"))
    var every: String = "1"

    @Option(help: "At most this many commits, the newest.")
    var max: Int?

    @Option(help: "The history database (default: history.sqlite in -o, else in the current folder).")
    var db: String?

    @Option(help: ArgumentHelp(
        "A PostgreSQL database that many repositories share, instead of the SQLite file (default: $STRATA_DATABASE_URL when set and --db is not).",
        valueName: "postgresql://USER@HOST:PORT/DATABASE"))
    var database: String?

    @Option(help: "With --database: the repository's name there (default: the folder's name).")
    var name: String?

    @Option(help: "With --database: the repository's URL, which other repositories' packages name (default: origin's URL).")
    var remote: String?

    @Option(name: [.short, .customLong("output")], help: "Write the formats into this folder.")
    var output: String?

    @Option(help: ArgumentHelp("Comma-separated formats for -o (default: all); with --module: csv or json; otherwise md.", valueName: "formats"))
    var format: Formats<HistoryFormat>?

    @Option(help: "Prefix of links to commits, e.g. https://github.com/OWNER/REPO/commit/.")
    var linkBase: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp("When module A first imported module B, and when it stopped.", valueName: "A B"))
    var edge: [String] = []

    @Option(help: "Print this module's series.")
    var module: String?

    @OptionGroup var analysis: AnalysisOptions

    @Flag(name: .shortAndLong, help: "Print no progress and no summary, only warnings, errors and the answers to --edge and --module.")
    var quiet = false

    func validate() throws {
        guard HistorySampling(argument: every) != nil else { throw ValidationError("--every takes a number above 0, day, week, month or tag") }
        if let max, max < 1 { throw ValidationError("--max takes a number above 0") }
        if !edge.isEmpty, edge.count != 2 { throw ValidationError("--edge takes two module names: --edge A B") }
        try format?.check()
        if database != nil, db != nil { throw ValidationError("--db is a SQLite file and --database a PostgreSQL URL: give one") }
        if databaseURL == nil, name != nil || remote != nil { throw ValidationError("--name and --remote name the repository in a --database") }
    }

    /// `--database`, or `STRATA_DATABASE_URL` (which keeps a password out of the process list)
    /// when no SQLite file is asked for.
    var databaseURL: String? {
        if let database { return database }
        guard db == nil, let url = ProcessInfo.processInfo.environment["STRATA_DATABASE_URL"], !url.isEmpty else { return nil }
        return url
    }

    func formats() -> [HistoryFormat] {
        format?.list ?? (module != nil ? [.csv] : output != nil ? [.html, .json, .csv, .md] : [.md])
    }

    func run() throws {
        let progress: (@Sendable (String) -> Void)? = quiet ? nil : { @Sendable message in Progress.report(message) }
        let repository = repo ?? path
        let database: HistoryRun.Database = databaseURL.map { .postgres(url: $0, name: name, remote: remote) }
            ?? .sqlite(path: db ?? ((output.map { $0 + "/" } ?? "") + "history.sqlite"))
        // The report of -o, unless --edge or --module asks a question instead: with nothing new
        // and its files as the last run wrote them, nothing is read or written.
        let report = output.flatMap { folder in
            edge.isEmpty && module == nil ? HistoryRun.Report(folder: folder, formats: formats(), linkBase: linkBase) : nil
        }
        let options = HistoryRun.Options(
            try analysis.input(repository: repository), database: database, until: until, since: since,
            sampling: HistorySampling(argument: every)!, max: max, report: report)
        if let output { try ReportWriter.makeFolder(output) }
        let started = ContinuousClock.now
        let outcome = try HistoryRun.run(options, progress: progress)
        if outcome.upToDate, let report {
            if !quiet { Progress.report("nothing new; \(report.folder) is up to date") }
            return
        }
        Diagnostics.write(outcome.warnings, quiet: quiet)
        if !quiet {
            let elapsed = ContinuousClock.now - started
            Progress.report("\(outcome.snapshots.count) commits, \(outcome.analyzed) analyzed now (\(outcome.parsedFiles) files parsed, \(outcome.reusedFiles) reused) in \(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))")
        }

        if ProcessInfo.processInfo.environment["STRATA_TIMINGS"] == "1" {
            let stages = outcome.timings.map { String(format: "%@ %.2f s", $0.stage, $0.seconds) }.joined(separator: ", ")
            FileHandle.standardError.write(Data("strata history: \(stages)\n".utf8))
        }
        if edge.count == 2 {
            let answer = EdgeHistory(source: edge[0], target: edge[1], snapshots: outcome.snapshots)
            print(answer.text(commitCount: outcome.snapshots.count), terminator: "")
            if answer.spans.isEmpty { throw ExitCode(1) }
            return
        }
        // Events and series, for everything but --edge.
        var timeline = HistoryTimeline(repository: outcome.repositoryName, snapshots: outcome.snapshots)
        timeline.linkBase = linkBase
        if let module {
            guard let series = timeline.modules.first(where: { $0.name == module }) else {
                throw Pipeline.InputError(description: "no module named \(module) in the \(outcome.snapshots.count) sampled commits")
            }
            print(formats().contains(.json) ? HistoryFormat.json(series) : HistoryCSV.module(series, in: timeline), terminator: "")
            return
        }
        guard let report else {
            for format in formats() { print(try format.text(for: timeline), terminator: "") }
            return
        }
        for path in try HistoryRun.write(timeline, report: report) where !quiet { print("wrote \(path)") }
        if !quiet { print("database \(database.description)") }
    }
}
