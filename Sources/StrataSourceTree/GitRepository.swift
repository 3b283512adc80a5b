import Foundation
import StrataModel

/// A git repository (a work tree's or a bare one), asked through the `git` command.
public struct GitRepository: Sendable {
    /// The folder given by the user.
    public let path: String
    /// The repository's folder name, without `.git`: what reports call it.
    public let name: String
    /// The root of the working directory; nil for a bare repository.
    public let workTree: String?

    /// Fails, with one line saying why, when `path` is not inside a git repository.
    public init(path: String) throws {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GitError("\(path): no such directory")
        }
        let probe = try Self.execute(["rev-parse", "--is-bare-repository"], in: path)
        guard probe.status == 0 else { throw GitError("\(path): not a git repository") }
        if String(decoding: probe.output, as: UTF8.self).hasPrefix("true") {
            workTree = nil
        } else {
            let top = try Self.execute(["rev-parse", "--show-toplevel"], in: path)
            let folder = String(decoding: top.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            workTree = top.status == 0 && !folder.isEmpty ? folder : nil
        }
        let folder = workTree ?? URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        var name = RepositoryPath.name(of: folder)
        if name.hasSuffix(".git"), name.count > 4 { name.removeLast(4) }
        self.name = name
    }

    /// The full commit id of a revision: anything `git rev-parse` takes (`main`, `HEAD~3`, a
    /// tag, a SHA), or `A...B` for the merge base of A and B.
    public func resolve(_ revision: String) throws -> String {
        if let range = revision.range(of: "..."), !revision.hasPrefix("-") {
            let left = String(revision[..<range.lowerBound]), right = String(revision[range.upperBound...])
            let a = try resolve(left.isEmpty ? "HEAD" : left), b = try resolve(right.isEmpty ? "HEAD" : right)
            let base = try Self.execute(["merge-base", a, b], in: path)
            guard base.status == 0 else {
                throw GitError("\(revision): \(left) and \(right) have no merge base" + shallowAdvice())
            }
            return String(decoding: base.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !revision.isEmpty, !revision.hasPrefix("-") else { throw GitError("'\(revision)' is not a revision") }
        let result = try Self.execute(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: path)
        guard result.status == 0 else {
            throw GitError("\(revision): unknown revision in \(name)" + shallowAdvice())
        }
        return String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The paths `git status` reports changed or untracked (not ignored): empty when the work
    /// tree is clean, so an edit can be reviewed and undone with git alone.
    public func uncommittedPaths() throws -> [String] {
        let output = String(decoding: try run(["status", "--porcelain", "-z"]), as: UTF8.self)
        return output.split(separator: "\0").compactMap { entry in entry.count > 3 ? String(entry.dropFirst(3)) : nil }
    }

    /// What to fetch when a revision may be missing because the clone is shallow.
    private func shallowAdvice() -> String {
        guard let shallow = try? Self.execute(["rev-parse", "--is-shallow-repository"], in: path),
            String(decoding: shallow.output, as: UTF8.self).hasPrefix("true")
        else { return "" }
        return " (this clone is shallow: fetch the history, e.g. `git fetch --unshallow`, or `fetch-depth: 0` in actions/checkout)"
    }

    /// Runs git and returns its standard output, or throws its first error line.
    func run(_ arguments: [String]) throws -> [UInt8] {
        let result = try Self.execute(arguments, in: path)
        guard result.status == 0 else {
            let message = String(decoding: result.error, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "failed"
            throw GitError("git \(arguments.first ?? ""): \(message)")
        }
        return result.output
    }

    static func execute(_ arguments: [String], in directory: String) throws -> (status: Int32, output: [UInt8], error: [UInt8]) {
        let child = try Subprocess(try gitExecutable(), ["git", "-C", directory] + arguments, environment: gitEnvironment(), input: false)
        // Both pipes drained at once so a large error output cannot block a large listing.
        final class Drained: @unchecked Sendable { var bytes: [UInt8] = [] }
        let errorBytes = Drained()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorBytes.bytes = Subprocess.readAll(child.error)
            group.leave()
        }
        let output = Subprocess.readAll(child.output)
        group.wait()
        return (child.wait(), output, errorBytes.bytes)
    }

    /// `git` from PATH.
    static func gitExecutable() throws -> String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/git"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw GitError("git not found in PATH; install git to compare revisions")
    }

    /// The user's environment without what would redirect git elsewhere (a `GIT_DIR` set by a
    /// hook) or make it ask for anything.
    static func gitEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"] { environment[key] = nil }
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        return environment
    }
}

/// A git problem the user must fix: one line, no stack of causes.
public struct GitError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
