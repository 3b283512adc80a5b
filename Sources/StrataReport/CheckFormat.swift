import Foundation
import StrataAnalysis
import StrataModel

/// How `strata check` prints its findings: compiler-style lines for terminals and editors,
/// GitHub workflow annotations, SARIF, or a Markdown summary for `$GITHUB_STEP_SUMMARY`.
public enum CheckFormat: String, CaseIterable, Sendable {
    case text, github, sarif, md

    /// - Parameters:
    ///   - findings: what is judged (new ones when a baseline is used).
    ///   - known: findings the baseline already holds; listed apart in Markdown, not annotated.
    ///   - root: the PATH argument, prefixed to evidence paths in text and annotations.
    ///   - suppressed: findings silenced by `// strata:ignore`: notes in text, results with an
    ///     in-source suppression in SARIF, a list in Markdown; GitHub annotations leave them out.
    public func render(
        result: AnalysisResult, findings: [Finding], known: [Finding] = [], stale: [Baseline.Entry] = [],
        suppressed: [Finding] = [], root: String, linkBase: String? = nil
    ) throws -> String {
        switch self {
        case .text:
            let lines = FindingLines(root: root)
            return (findings.map(lines.line(for:)) + suppressed.map(lines.suppressedLine(for:)) + [lines.total(result)])
                .joined(separator: "\n")
        case .github:
            return findings.map { GitHubAnnotation.line(for: $0, root: root) }.joined(separator: "\n")
        case .sarif:
            return String(decoding: try SARIFLog.render(findings, suppressed: suppressed), as: UTF8.self)
        case .md:
            return CheckSummary.markdown(result: result, findings: findings, known: known, stale: stale, linkBase: linkBase)
        }
    }
}

/// `::error file=…,line=…,title=…::message`, as GitHub Actions turns a log line into an
/// annotation on the pull request's diff.
public enum GitHubAnnotation {
    public static func line(for finding: Finding, root: String) -> String {
        let command: String
        switch finding.severity {
        case .error: command = "error"
        case .warn: command = "warning"
        case .info: command = "notice"
        }
        var properties: [String] = []
        if let place = finding.evidence.first {
            let base = root.hasSuffix("/") ? String(root.dropLast()) : root
            let file = base.isEmpty || base == "." ? place.file : base + "/" + place.file
            properties.append("file=" + property(file))
            if let line = place.line { properties.append("line=\(line)") }
        }
        let title = finding.rule.title + " [\(finding.rule)]"
        properties.append("title=" + property(title))
        return "::\(command) \(properties.joined(separator: ","))::\(data(finding.message))"
    }

    /// The workflow-command escaping of a message.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The escaping of a property value, which also may not hold `:` or `,`.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// The Markdown summary of a check: the verdict, counts by rule, the worst findings, and the
/// modules furthest from the main sequence.
public enum CheckSummary {
    /// - Parameter linkBase: a prefix that turns `file:line` into links (`--link-base`).
    public static func markdown(
        result: AnalysisResult, findings: [Finding], known: [Finding], stale: [Baseline.Entry], linkBase: String? = nil, limit: Int = 30
    ) -> String {
        let counts = FindingCounts(findings)
        let escape = DiffMarkdown.escape
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
