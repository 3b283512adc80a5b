import ArgumentParser
import Foundation
import StrataHistory
import StrataPipeline
import StrataReport

/// `strata org`: the organisation's page, from the PostgreSQL database that every
/// repository's `strata history --database` writes into.
struct Org: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw every repository of a shared PostgreSQL history, and the internal packages they share.",
        discussion: """
            Reads the database that `strata history --database URL` writes (one per \
            organisation, any number of repositories): each repository's latest snapshot and \
            trend, the registered repositories that others consume through a .package(url:) or \
            a pod, with the version each consumer pins (Package.resolved, Podfile.lock) at each \
            stored commit and where versions drift, and the graph of those packages. The URL \
            comes from --database or STRATA_DATABASE_URL. Reading needs only SELECT on the \
            schema strata (docs/history.md).

            Exit codes: 0 fine; 2 bad usage or input (a wrong, refused or unauthorised URL, a \
            database strata never wrote to). Nothing is written unless everything was read.
            """
    )

    @Option(help: ArgumentHelp("The PostgreSQL database (default: $STRATA_DATABASE_URL).", valueName: "postgresql://USER@HOST:PORT/DATABASE"))
    var database: String?

    @Option(name: [.short, .customLong("output")], help: "Write the formats into this folder (without it, Markdown to stdout).")
    var output: String?

    @Option(help: ArgumentHelp("Comma-separated formats for -o (default: html,json,md).", valueName: "formats"))
    var format: Formats<OrgFormat>?

    @Option(help: "The page's title.")
    var title: String = "Organisation"

    @Flag(name: .shortAndLong, help: "Print nothing but warnings and errors.")
    var quiet = false

    func validate() throws {
        try format?.check()
        if url == nil { throw ValidationError("give the database: --database postgresql://… or STRATA_DATABASE_URL") }
    }

    var url: String? {
        database ?? ProcessInfo.processInfo.environment["STRATA_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func run() throws {
        let document: OrgDocument
        do {
            document = try PostgresHistoryStore.organisation(url: url!, title: title)
        } catch let error as PostgresError {
            throw Pipeline.InputError(description: error.description)
        }
        let formats = format?.list ?? (output == nil ? [.md] : [.html, .json, .md])
        let graph = formats.contains(.html) ? OrgPage.draw(document) { message in
            FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
        } : nil
        let drawn = OrgPage.Drawn(document, graph: graph)
        guard let output else {
            for format in formats { print(try format.text(for: drawn), terminator: "") }
            return
        }
        let files = try formats.flatMap { try $0.reporter.files(for: drawn) }
        for path in try ReportWriter.write(files, to: output) where !quiet { print("wrote \(path)") }
    }
}

extension OrgFormat: ExpressibleByArgument {}
