import Foundation
import PackagePlugin

/// `swift package strata [COMMAND] [OPTIONS]`: the strata executable on the package it runs in,
/// with the arguments passed through unchanged, so every command of `strata` works here as it
/// does on the command line (`analyze` when none is given, as `strata` itself does).
///
/// PATH defaults to the package's folder. The facts cache goes into the plugin's work folder
/// (`XDG_CACHE_HOME`) unless `--cache-dir` says otherwise, and so do the folders `analyze` and
/// `history` write by default unless `-o` says otherwise (writing into the package needs
/// `swift package --allow-writing-to-package-directory strata ...`).
@main
struct StrataCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let strata = try context.tool(named: "strata")
        let work = context.pluginWorkDirectoryURL.path
        var arguments = arguments
        // Options alone go to strata's default command; naming it lets the output go to the work folder.
        if arguments.first.map({ $0.hasPrefix("-") && !["-h", "--help", "--version"].contains($0) }) ?? true {
            arguments.insert("analyze", at: 0)
        }
        let command = arguments[0]
        // The two commands that write a folder (and history its database) where they run by default.
        let defaultFolder = ["analyze": "strata-report", "history": "strata-history"][command]
        if let defaultFolder, !arguments.contains(where: { ["-o", "--output"].contains($0) || $0.hasPrefix("--output=") }) {
            arguments += ["-o", work + "/" + defaultFolder]
        }
        let process = Process()
        process.executableURL = strata.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = work + "/cache"
        process.environment = environment
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
            switch status {
            case 1: "strata \(command) exited 1 (error findings, a failed gate, or no such dependency)"
            default: "strata \(command) exited with status \(status)"
            }
        }
    }
}
