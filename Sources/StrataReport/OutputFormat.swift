import Foundation
import StrataModel

/// The formats `strata analyze --format` accepts: the registry of the analysis's reporters.
public enum OutputFormat: String, ReportFormat {
    case html, json, dot, sarif, md, graphml

    public var reporter: any Reporter<PreparedReport> {
        switch self {
        case .html: HTMLReporter()
        case .json: JSONReporter()
        case .dot: DOTReporter()
        case .sarif: FileReporter(fileName: SARIFLog.fileName) { try SARIFLog.render($0.result.findings, suppressed: $0.result.suppressedFindings) }
        case .md: FileReporter(fileName: "summary.md") { Data(CheckSummary.markdown(result: $0.result, findings: $0.result.findings, known: [], stale: []).utf8) }
        case .graphml: GraphMLReporter()
        }
    }
}
