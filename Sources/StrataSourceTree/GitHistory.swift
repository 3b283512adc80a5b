import Foundation

/// A commit as `git log` lists it.
public struct GitCommit: Hashable, Sendable {
    public var id: String
    /// Committer time, seconds since 1970.
    public var time: Int
    public var parents: [String]
    public var subject: String
}

extension GitRepository {
    /// The first-parent history of `head`, oldest first; with `since` (a commit), only the
    /// commits after it and it; with `sinceDate` (anything `git log --since` takes), those
    /// committed from then on.
    public func firstParentHistory(head: String, since: String? = nil, sinceDate: String? = nil) throws -> [GitCommit] {
        var arguments = ["log", "--first-parent", "--format=%H%x00%ct%x00%P%x00%s%x00"]
        if let sinceDate { arguments.append("--since=\(sinceDate)") }
        arguments.append(head)
        arguments.append("--")
        var commits = try Self.parse(run(arguments))
        if let since {
            // Walked newest first: stop at `since`, keep it.
            if let index = commits.firstIndex(where: { $0.id == since }) {
                commits = Array(commits[...index])
            } else {
                throw GitError("\(since.prefix(12)) is not on the first-parent history of \(head.prefix(12))")
            }
        }
        return commits.reversed()
    }

    /// The commits that tags point to (annotated tags peeled), oldest first, each once.
    public func taggedCommits() throws -> [GitCommit] {
        let listing = String(decoding: try run(["for-each-ref", "--format=%(objecttype) %(objectname) %(*objecttype) %(*objectname)", "refs/tags"]), as: UTF8.self)
        var ids: [String] = []
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            if fields.count >= 4, fields[2] == "commit" {
                ids.append(fields[3])
            } else if fields.count >= 2, fields[0] == "commit" {
                ids.append(fields[1])
            }
        }
        guard !ids.isEmpty else { return [] }
        let unique = Array(Set(ids)).sorted()
        let commits = try Self.parse(run(["log", "--no-walk=unsorted", "--format=%H%x00%ct%x00%P%x00%s%x00"] + unique + ["--"]))
        return commits.sorted { ($0.time, $0.id) < ($1.time, $1.id) }
    }

    /// A commit's committer time.
    public func commitTime(_ commit: String) throws -> Int {
        guard let commit = Self.parse(try run(["log", "-1", "--format=%H%x00%ct%x00%P%x00%s%x00", commit, "--"])).first else {
            throw GitError("\(commit): no such commit")
        }
        return commit.time
    }

    /// The time a date such as `2025-01-31` or `3 months ago` means, as git reads it.
    public func time(of date: String) throws -> Int {
        let answer = String(decoding: try run(["rev-parse", "--since=\(date)"]), as: UTF8.self)
        guard let value = answer.split(separator: "=").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            throw GitError("'\(date)' is neither a revision nor a date")
        }
        return value
    }

    /// Records of `%H NUL %ct NUL %P NUL %s NUL`, one per line.
    static func parse(_ output: [UInt8]) -> [GitCommit] {
        String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
            let fields = line.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4, let time = Int(fields[1]) else { return nil }
            return GitCommit(id: fields[0], time: time, parents: fields[2].split(separator: " ").map(String.init), subject: fields[3])
        }
    }
}
