import Foundation
import StrataModel

/// How `strata check` prints its findings: compiler-style lines for terminals and editors,
/// GitHub workflow annotations, SARIF, or a Markdown summary for `$GITHUB_STEP_SUMMARY`.
/// The registry of the check's renderings.
public enum CheckFormat: String, ReportFormat {
    case text, github, sarif, md

    public var reporter: any Reporter<CheckReport> {
        switch self {
        case .text:
            FileReporter.printed { check in
                let lines = FindingLines(root: check.root)
                return (check.findings.map(lines.line(for:)) + check.suppressed.map(lines.suppressedLine(for:))
                    + [lines.unknownImports(check.result), lines.total(check.result)].compactMap { $0 })
                    .joined(separator: "\n")
            }
        case .github:
            FileReporter.printed { check in check.findings.map { GitHubAnnotation.line(for: $0, root: check.root) }.joined(separator: "\n") }
        case .sarif:
            FileReporter(fileName: SARIFLog.fileName) { try SARIFLog.render($0.findings, suppressed: $0.suppressed) }
        case .md:
            FileReporter(fileName: "summary.md") {
                Data(CheckSummary.markdown(result: $0.result, findings: $0.findings, known: $0.known, stale: $0.stale, linkBase: $0.linkBase).utf8)
            }
        }
    }
}

/// What `strata check` judged, as its formats print it.
public struct CheckReport {
    public var result: AnalysisResult
    /// What is judged (new findings when a baseline is used).
    public var findings: [Finding]
    /// Findings the baseline already holds; listed apart in Markdown, not annotated.
    public var known: [Finding]
    public var stale: [Baseline.Entry]
    /// Findings silenced by `// strata:ignore`: notes in text, results with an in-source
    /// suppression in SARIF, a list in Markdown; GitHub annotations leave them out.
    public var suppressed: [Finding]
    /// The PATH argument, prefixed to evidence paths in text and annotations.
    public var root: String
    public var linkBase: String?

    public init(
        result: AnalysisResult, findings: [Finding], known: [Finding] = [], stale: [Baseline.Entry] = [],
        suppressed: [Finding] = [], root: String, linkBase: String? = nil
    ) {
        (self.result, self.findings, self.known, self.stale) = (result, findings, known, stale)
        (self.suppressed, self.root, self.linkBase) = (suppressed, root, linkBase)
    }
}
