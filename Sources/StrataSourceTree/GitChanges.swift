import StrataModel

extension GitRepository {
    /// The files that differ between two commits, or between a commit and the working
    /// directory (`head` nil: uncommitted and untracked files included), by path relative to
    /// the repository root. A rename is a deletion and an addition: both paths matter.
    public func changedFiles(from base: String, to head: String?) throws -> [(path: String, status: FileChange.Status)] {
        // Paths from the root whatever the configuration says (`diff.relative`; a config key an
        // older git ignores, where `--no-relative` would be an unknown option).
        var arguments = ["-c", "core.quotePath=false", "-c", "diff.relative=false", "diff", "--name-status", "-z", "--no-renames", "--no-ext-diff", base]
        if let head { arguments.append(head) }
        arguments += ["--"]
        let fields = try run(arguments).split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var changes: [String: FileChange.Status] = [:]
        // `<status> NUL <path> NUL`, repeated.
        var position = 0
        while position + 1 < fields.count {
            let status = fields[position], path = fields[position + 1]
            position += 2
            guard !status.isEmpty, !path.isEmpty else { continue }
            changes[path] = status.hasPrefix("A") ? .added : status.hasPrefix("D") ? .deleted : .modified
        }
        if head == nil {
            let untracked = try run(["ls-files", "--others", "--exclude-standard", "-z", "--full-name", "--", ":/"])
            for path in untracked.split(separator: 0) { changes[String(decoding: path, as: UTF8.self)] = .added }
        }
        return changes.keys.sorted().map { ($0, changes[$0]!) }
    }
}
