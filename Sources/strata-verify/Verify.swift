// strata-verify: Strata's static reading of Package.swift checked against SwiftPM's own.
//
//     strata-verify ORACLE_DIR [--mirror /opt/swift-packages] [--causes FILE] [--table FILE]
//
// ORACLE_DIR holds `OWNER__NAME@TAG.json` files, each what `swift package dump-package`
// printed for that tag of the mirror's bare repository `OWNER/NAME.git` (`.failed` files
// name tags whose manifest SwiftPM itself could not load). Each tag is read straight from
// git, discovered as `strata analyze` discovers it, and its root package compared: targets,
// their kinds, paths, Swift files and declared dependencies, and the products with their
// types. Exit status 1 when a package differs and the causes file does not explain it.
import ArgumentParser
import Foundation
import StrataConfiguration
import StrataModel
import StrataPipeline
import StrataSourceTree

@main
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata-verify",
        abstract: "Compare Strata's reading of Package.swift with `swift package dump-package`.")

    @Argument(help: "The folder of dump-package answers, OWNER__NAME@TAG.json.") var oracle: String
    @Option(help: "The folder of bare repositories, OWNER/NAME.git.") var mirror = "/opt/swift-packages"
    @Option(help: "Known causes: lines `OWNER/NAME<TAB>cause`.") var causes: String?
    @Option(help: "Write the table of every package here (Markdown).") var table: String?

    func run() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: oracle).sorted()
        let known = try causes.map(Self.readCauses) ?? [:]
        var rows: [Row] = []
        for file in names where file.hasSuffix(".json") || file.hasSuffix(".failed") {
            let key = String(file[..<file.lastIndex(of: ".")!])
            guard let at = key.lastIndex(of: "@") else { continue }
            let repo = key[..<at].replacingOccurrences(of: "__", with: "/"), tag = String(key[key.index(after: at)...])
            var row = Row(repo: repo, tag: tag)
            if file.hasSuffix(".failed") {
                row.oracleFailed = true
            } else {
                do {
                    let dump = try Data(contentsOf: URL(fileURLWithPath: oracle + "/" + file))
                    row.differences = try PackageComparison.compare(
                        oracle: dump, repository: "\(mirror)/\(repo).git", tag: tag)
                } catch {
                    row.differences = ["could not be compared: \(error)"]
                }
            }
            row.cause = known[repo]
            print(row.line)
            rows.append(row)
        }
        // The mirror holds some repositories twice, spelled in two cases (Quick/Nimble,
        // quick/nimble): one package each.
        var seen = Set<String>()
        let compared = rows.filter { !$0.oracleFailed && seen.insert("\($0.repo.lowercased())@\($0.tag)").inserted }
        let exact = compared.filter(\.differences.isEmpty).count
        let percent = compared.isEmpty ? 100 : Double(exact) * 100 / Double(compared.count)
        let failed = rows.filter(\.oracleFailed).count
        let summary = "\(exact) of \(compared.count) packages exact (\(String(format: "%.1f", percent))%)"
            + (rows.count - failed > compared.count ? "; \(rows.count) repositories, some the same package spelled in two cases" : "")
            + (failed > 0 ? "; SwiftPM could not load \(failed)" : "")
        print(summary)
        if let table { try Self.table(rows, summary: summary).write(toFile: table, atomically: true, encoding: .utf8) }
        if compared.contains(where: { !$0.differences.isEmpty && $0.cause == nil }) { throw ExitCode(1) }
    }

    struct Row {
        var repo: String
        var tag: String
        var oracleFailed = false
        var differences: [String] = []
        var cause: String?

        var line: String {
            if oracleFailed { return "\(repo)@\(tag): SwiftPM could not load the manifest" }
            if differences.isEmpty { return "\(repo)@\(tag): exact" }
            return "\(repo)@\(tag): differs\(cause.map { " (\($0))" } ?? "")\n" + differences.map { "  " + $0 }.joined(separator: "\n")
        }
    }

    static func readCauses(_ path: String) throws -> [String: String] {
        var causes: [String: String] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { causes[String(parts[0])] = String(parts[1]) }
        }
        return causes
    }

    static func table(_ rows: [Row], summary: String) -> String {
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
        }
        var text = """
            # Package.swift read statically, checked against `swift package dump-package`

            Written by `make verify-corpus`: the newest tag of every package in the local Swift
            package mirror, `dump-package` run on Linux with an empty environment, Strata reading
            the manifest for Linux (`build.platforms: [Linux]`; without it Strata reads manifests
            as a Mac compiles them). Compared for the root package: target names, kinds, paths,
            Swift files and declared dependencies; products and their types. \(summary).

            | package | tag | result | differences | cause |
            |---|---|---|---|---|

            """
        for row in rows {
            let result = row.oracleFailed ? "oracle failed" : row.differences.isEmpty ? "exact" : "differs"
            let shown = row.differences.prefix(8).map(cell) + (row.differences.count > 8 ? ["… \(row.differences.count - 8) more"] : [])
            text += "| \(row.repo) | \(row.tag) | \(result) | \(shown.joined(separator: "<br>")) | \(cell(row.cause ?? "")) |\n"
        }
        return text
    }
}
