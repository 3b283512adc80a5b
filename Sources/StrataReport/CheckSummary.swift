import Foundation
import StrataModel

/// The Markdown summary of a check: the verdict, counts by rule, the worst findings, and the
/// modules furthest from the main sequence.
public enum CheckSummary {
    /// - Parameter linkBase: a prefix that turns `file:line` into links (`--link-base`).
    public static func markdown(
        result: AnalysisResult, findings: [Finding], known: [Finding], stale: [Baseline.Entry], linkBase: String? = nil, limit: Int = 30
    ) -> String {
        let counts = FindingCounts(findings)
        let escape = Markdown.escape
        var out = ["## Strata check: \(escape(result.root))", ""]
        out.append(counts.error > 0 ? "❌ \(counts.error) error\(counts.error == 1 ? "" : "s")" : "✅ no errors")
        out.append("")
        out.append("\(counts.error) errors · \(counts.warn) warnings · \(counts.info) notes in \(result.summary.modules) modules"
            + (known.isEmpty && stale.isEmpty ? "" : " · \(known.count) known (baseline) · \(stale.count) fixed since the baseline"))
        let byRule = Dictionary(grouping: findings, by: \.rule).sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        if !byRule.isEmpty {
            out += ["", "| rule | findings | what it means |", "|---|---:|---|"]
            for (rule, items) in byRule {
                out.append("| `\(rule)` | \(items.count) | \(escape(rule.title)) |")
            }
            out += ["", "### Findings", ""]
            out += findings.prefix(limit).map { finding in
                let place = finding.evidence.first.map { " — " + DiffMarkdown.link($0, base: linkBase) } ?? ""
                return "- \(finding.severity == .error ? "**error**" : FindingLines.word(finding.severity)) \(escape(finding.message)) `\(finding.rule)`\(place)"
            }
            if findings.count > limit { out.append("- … and \(findings.count - limit) more") }
        }
        if !result.suppressedFindings.isEmpty {
            out += ["", "<details><summary>\(result.suppressedFindings.count) suppressed with <code>strata:ignore</code></summary>", ""]
            out += result.suppressedFindings.prefix(limit).map { finding in
                let place = finding.evidence.first.map { " — " + DiffMarkdown.link($0, base: linkBase) } ?? ""
                return "- `\(finding.rule)` \(escape(finding.message))\(place): \(escape(finding.suppression ?? ""))"
            }
            if result.suppressedFindings.count > limit { out.append("- … and \(result.suppressedFindings.count - limit) more") }
            out += ["", "</details>"]
        }
        let attention = result.modules.compactMap { entry in entry.metrics.map { (entry.module.name, $0) } }
            .filter { $0.1.distance >= 0.7 && $0.1.ca > 0 }
            .sorted { ($0.1.distance, $1.0) > ($1.1.distance, $0.0) }
        if !attention.isEmpty {
            out += ["", "### Modules far from the main sequence", "", "| module | Ca | Ce | I | A | D |", "|---|---:|---:|---:|---:|---:|"]
            for (name, m) in attention.prefix(10) {
                out.append(String(format: "| %@ | %d | %d | %.2f | %.2f | %.2f |", escape(name), m.ca, m.ce, m.instability, m.abstractness, m.distance))
            }
        }
        out.append("")
        return out.joined(separator: "\n")
    }
}
