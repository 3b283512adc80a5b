import ArgumentParser
import Foundation
import StrataModel
import StrataPipeline
import StrataSourceTree

/// `strata fix`: changes Strata can make to the code itself.
struct Fix: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change the code where Strata knows the fix.",
        subcommands: [FixUnusedImports.self])
}

/// `strata fix unused-imports`: removes the imports its file does not use.
struct FixUnusedImports: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unused-imports",
        abstract: "Remove the imports graded unused (the unused-import rule's warnings).",
        discussion: """
            Removes each import whose file names nothing the imported module declares or \
            extends, when the module's sources are in the repository (never an Apple SDK, a \
            package not checked out or a binary framework; never `probably-unused` ones). Each \
            file stays byte-identical apart from the removed lines. Nothing is written while \
            `git status` shows changes or untracked files, unless --force; --dry-run prints the \
            change as a unified diff (`git apply` takes it) and writes nothing.

            Exit codes: 0 done (or nothing to remove), 2 bad usage or input, or a work tree \
            that is not clean.
            """)

    @OptionGroup var repository: RepositoryOptions

    @Flag(help: "Print a unified diff instead of changing files.")
    var dryRun = false

    @Flag(help: "Change files even when the work tree has uncommitted changes or is not in git.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print no summary; warnings still go to stderr.")
    var quiet = false

    func run() throws {
        let outcome = try Pipeline.run(try repository.pipelineOptions())
        Diagnostics.write(outcome, root: repository.path, quiet: quiet)
        let unused = outcome.result.imports?.imports.filter { $0.grade == .unused } ?? []
        let edits: [UnusedImportFix.Edit]
        do {
            edits = try UnusedImportFix.edits(unused) { path in try readFile(repository.path + "/" + path) }
        } catch {
            throw Pipeline.InputError(description: "\(error)")
        }
        for edit in edits {
            for skipped in edit.skipped { Diagnostics.write(["\(edit.path):\(skipped.line): warning: import left in place: \(skipped.reason)"]) }
        }
        let changed = edits.filter { !$0.removed.isEmpty }
        if dryRun {
            print(UnusedImportFix.unifiedDiff(changed), terminator: "")
            return
        }
        if !force, !changed.isEmpty {
            let dirty: [String]
            do {
                dirty = try GitRepository(path: repository.path).uncommittedPaths()
            } catch {
                throw Pipeline.InputError(description: "\(error); nothing changed (--force changes files outside git)")
            }
            if !dirty.isEmpty {
                throw Pipeline.InputError(description: "the work tree has \(dirty.count) uncommitted change\(dirty.count == 1 ? "" : "s") (\(dirty.prefix(3).joined(separator: ", "))\(dirty.count > 3 ? ", …" : "")): commit or stash first, or pass --force; nothing changed")
            }
        }
        for edit in changed {
            do {
                try AtomicFile.write(edit.after, to: repository.path + "/" + edit.path)
            } catch {
                throw Pipeline.InputError(description: "\(edit.path): \(error)")
            }
        }
        if !quiet {
            let count = changed.reduce(0) { $0 + $1.removed.count }
            print("removed \(count) unused import\(count == 1 ? "" : "s") in \(changed.count) file\(changed.count == 1 ? "" : "s")")
        }
    }

    private func readFile(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Pipeline.InputError(description: "\(path): cannot read") }
        return Array(data)
    }
}
