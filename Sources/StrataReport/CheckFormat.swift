import Foundation
import StrataAnalysis
import StrataModel

/// How `strata check` prints its findings: compiler-style lines for terminals and editors,
/// GitHub workflow annotations, SARIF, or a Markdown summary for `$GITHUB_STEP_SUMMARY`.
/// The registry of the check's renderings.
public enum CheckFormat: String, ReportFormat {
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
