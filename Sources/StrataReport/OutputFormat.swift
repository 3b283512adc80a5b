import Foundation
import StrataModel

/// The formats `strata analyze --format` accepts: the registry of the analysis's reporters.
public enum OutputFormat: String, ReportFormat {
    case html, json, dot, sarif, md, graphml, mermaid, github

    public var reporter: any Reporter<PreparedReport> {
        switch self {
        case .html: HTMLReporter()
        case .json: JSONReporter()
        case .dot: DOTReporter()
        case .sarif: FileReporter(fileName: SARIFLog.fileName) { try SARIFLog.render($0.result.findings, suppressed: $0.result.suppressedFindings) }
        case .md: FileReporter(fileName: "summary.md") { Data(CheckSummary.markdown(result: $0.result, findings: $0.result.findings, known: [], stale: []).utf8) }
        case .graphml: GraphMLReporter()
        case .mermaid: FileReporter(fileName: "graph.mmd") { Data((Self.mermaid($0) + "\n").utf8) }
        case .github:
            FileReporter(fileName: "annotations.txt") { report in
                Data(report.result.findings.map { GitHubAnnotation.line(for: $0, root: "") + "\n" }.joined().utf8)
            }
        }
    }

    /// The whole graph in Mermaid; grouped by layers, else by packages, when it is larger than
    /// GitHub draws; a diagram that says so when even that is.
    static func mermaid(_ report: PreparedReport) -> String {
        if let text = GraphDrawing.full(report.graph, marks: report.marks).mermaid { return text }
        for grouping in ModuleGraph.Grouping.allCases {
            if let drawing = try? GraphDrawing.select(report.graph, marks: report.marks, focus: [], collapse: grouping), let text = drawing.mermaid {
                return text
            }
        }
        return "flowchart LR\n  %% larger than GitHub draws in Mermaid, even grouped: see graph.dot"
    }
}
