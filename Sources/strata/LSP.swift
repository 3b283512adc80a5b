import ArgumentParser
import StrataLanguageServer

/// `strata lsp`: the language server, for editors.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve diagnostics, hovers and code actions to an editor (Language Server Protocol on stdio).",
        discussion: """
            Speaks LSP on stdin and stdout. Analyzes the workspace the client names (rootUri, \
            rootPath or its first workspace folder; else PATH) once, then keeps the analysis warm: \
            unsaved edits (didChange) and files changed on disk re-read only those files. \
            Publishes each finding on the lines of its evidence (layer violations, forbidden and \
            undeclared imports, cycles, unused imports, unregistered DI resolutions), hovers an \
            import with what the file uses from the module and the module's layer and metrics, \
            and offers to remove an unused import (as `strata fix unused-imports` would). \
            Ends when stdin closes. See docs/servers.md for editor set-up.
            """
    )

    @OptionGroup var repository: RepositoryOptions

    @Flag(help: "Poll the files' modification times instead of inotify.")
    var poll = false

    func run() throws {
        LanguageServer(input: try repository.input(), polling: poll).run()
    }
}
