import ArgumentParser
import StrataMCP

/// `strata mcp`: the analysis of a repository served to coding agents.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the analysis to coding agents: a Model Context Protocol server on stdio.",
        discussion: """
            Analyzes PATH once, then answers the tools graph, why, affected, check, module and \
            rules, and serves the current strata.json as the resource strata://strata.json. Files \
            changed on disk are read again before each answer (only those), so an agent sees its \
            own edits. Register it with a client in one line, e.g. for Claude Code: \
            `claude mcp add strata -- strata mcp /path/to/repo`. docs/servers.md has the tools' \
            arguments.

            Exit codes: 0 the client closed the connection; 2 bad usage or input at the start.
            """
    )

    @OptionGroup var repository: RepositoryOptions

    @Flag(help: "Poll the files' modification times instead of inotify.")
    var poll = false

    func run() throws {
        try StrataMCPServer.serve(try repository.input(), version: Strata.configuration.version, polling: poll)
    }
}
