import Foundation
import StrataReport

/// A short summary for release notes: the first and last sampled commits compared.
public enum HistoryMarkdown {
    public static func render(_ timeline: HistoryTimeline) -> String {
        guard let first = timeline.commits.first, let last = timeline.commits.last else {
            return "# Module structure history\n\nNo commit analyzed.\n"
        }
        let since = Markdown.escape(String(first.commit.prefix(12)))
        let added = timeline.events.filter { $0.kind == .edgeAdded }.count
        let removed = timeline.events.filter { $0.kind == .edgeRemoved }.count
        let newErrors = max(0, last.errors - first.errors)
        var lines = [
            "# Module structure history",
            "",
            "\(timeline.commits.count) commits, \(HistoryDate.day(first.time)) to \(HistoryDate.day(last.time)).",
            "",
            "Since \(since): modules \(first.modules) → \(last.modules), edges +\(added) −\(removed), "
                + "cycles \(first.cycles) → \(last.cycles), new errors \(newErrors).",
            "",
            "| | \(since) | \(Markdown.escape(String(last.commit.prefix(12)))) |",
            "|---|---:|---:|",
            "| Modules | \(first.modules) | \(last.modules) |",
            "| Import edges | \(first.importEdges) | \(last.importEdges) |",
            "| Cycles | \(first.cycles) | \(last.cycles) |",
            "| Modules in cycles | \(first.modulesInCycles) | \(last.modulesInCycles) |",
            "| Errors / warnings | \(first.errors) / \(first.warnings) | \(last.errors) / \(last.warnings) |",
            "| Mean distance | \(format(first.meanDistance)) | \(format(last.meanDistance)) |",
            "| Lines | \(first.lines) | \(last.lines) |",
        ]
        let notable = timeline.events.filter { $0.kind != .edgeAdded && $0.kind != .edgeRemoved }
        if !notable.isEmpty {
            lines += ["", "## Events", ""]
            for event in notable.prefix(50) {
                lines.append("- `\(event.commit.prefix(12))` \(event.kind.rawValue): \(Markdown.escape(event.subject))")
            }
            if notable.count > 50 { lines.append("- … and \(notable.count - 50) more") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
