/// When module `source` started and stopped importing `target` over the sampled commits.
public struct EdgeHistory: Hashable, Sendable {
    /// One stretch of commits where the edge exists.
    public struct Span: Hashable, Sendable {
        public var appeared: HistoryCommit
        /// The import line at the first commit of the span.
        public var file: String?
        public var line: Int?
        /// The first sampled commit without the edge; nil when it is still there.
        public var gone: HistoryCommit?
        /// The edge was there at the first sampled commit, so it may be older.
        public var atStart: Bool
    }

    public var source: String
    public var target: String
    public var spans: [Span]

    public init(source: String, target: String, snapshots: [CommitSnapshot]) {
        self.source = source
        self.target = target
        var spans: [Span] = []
        var open: Span?
        for (index, snapshot) in snapshots.enumerated() {
            let edge = snapshot.edges.first { $0.kind == .import && $0.source == source && $0.target == target }
            if let edge, open == nil {
                open = Span(appeared: snapshot.commit, file: edge.file, line: edge.line, gone: nil, atStart: index == 0)
            } else if edge == nil, var span = open {
                span.gone = snapshot.commit
                spans.append(span)
                open = nil
            }
        }
        if let open { spans.append(open) }
        self.spans = spans
    }

    /// The answer as text, one commit per line.
    public func text(commitCount: Int) -> String {
        guard !spans.isEmpty else {
            return "\(source) never imports \(target) in the \(commitCount) sampled commit\(commitCount == 1 ? "" : "s")\n"
        }
        var lines: [String] = []
        for span in spans {
            let site = span.file.map { file in " (" + file + (span.line.map { ":\($0)" } ?? "") + ")" } ?? ""
            let verb = span.atStart ? "already imports" : "first imports"
            lines.append("\(source) \(verb) \(target) at \(Self.describe(span.appeared))\(site)")
            if let gone = span.gone { lines.append("  gone at \(Self.describe(gone))") }
        }
        if spans.last?.gone == nil { lines.append("  still there at the last sampled commit") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ commit: HistoryCommit) -> String {
        "\(commit.id.prefix(12)) \(HistoryDate.day(commit.time)) \(commit.subject)"
    }
}
