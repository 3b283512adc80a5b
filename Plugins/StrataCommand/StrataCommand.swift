import Foundation
import PackagePlugin

/// `swift package strata [COMMAND] [OPTIONS]`: the strata executable on the package it runs in.
///
/// A package adds Strata as a dependency and gets `swift package strata analyze`,
/// `swift package strata check`, `baseline`, `diff`, `affected`, `history`, `rules` and `init`. PATH defaults to the
/// package's folder; reports and the facts cache go into the plugin's work folder unless
/// `-o`/`--cache-dir` say otherwise (writing into the package needs
/// `swift package --allow-writing-to-package-directory strata ...`).
@main
struct StrataCommand: CommandPlugin {
    /// The commands that read a repository and so take `--cache-dir`.
    static let scanning: Set<String> = ["analyze", "check", "baseline", "diff", "affected", "history"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let strata = try context.tool(named: "strata")
        let commands: Set<String> = ["analyze", "check", "baseline", "diff", "affected", "history", "rules", "init", "bench", "help"]
        var arguments = arguments
        if !commands.contains(arguments.first ?? "") { arguments.insert("analyze", at: 0) }
        let command = arguments[0]
        let work = context.pluginWorkDirectoryURL.path
        if Self.scanning.contains(command), !arguments.contains(where: { $0 == "--cache-dir" || $0.hasPrefix("--cache-dir=") }) {
            arguments += ["--cache-dir", work + "/cache"]
        }
        // The history's database and page go to the work folder too, unless -o/--db say otherwise.
        if ["analyze", "history"].contains(command), !arguments.contains(where: { ["-o", "--output"].contains($0) || $0.hasPrefix("--output=") }) {
            arguments += ["-o", work + (command == "history" ? "/strata-history" : "/strata-report")]
        }
        let process = Process()
        process.executableURL = strata.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // SwiftPM exits 1 when a plugin fails; strata's own message is already printed.
            throw Failure(status: process.terminationStatus, command: command)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var status: Int32
        var command: String
        var description: String {
            status == 1 ? "strata \(command) found error-severity findings (exit 1)" : "strata \(command) exited with status \(status)"
        }
    }
}
