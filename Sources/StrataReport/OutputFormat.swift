import Foundation
import StrataModel
import StrataSourceTree

/// Writes one format of the result into the output folder.
public protocol Reporter {
    /// Writes the files of this format and returns their paths.
    func write(_ document: ReportDocument, to directory: String) throws -> [String]
}

/// The formats `--format` accepts, each with its reporter.
public enum OutputFormat: String, CaseIterable, Sendable {
    case html, json, dot, sarif, md

    public var reporter: any Reporter {
        switch self {
        case .html: HTMLReporter()
        case .json: JSONReporter()
        case .dot: DOTReporter()
        case .sarif: TextReporter(fileName: SARIFLog.fileName) { result in
            try SARIFLog.render(result.findings, suppressed: result.suppressedFindings)
        }
        case .md: TextReporter(fileName: "summary.md") { result in
            Data(CheckSummary.markdown(result: result, findings: result.findings, known: [], stale: []).utf8)
        }
        }
    }
}

/// A format that is one file rendered from the result: `strata.sarif`, `summary.md`.
struct TextReporter: Reporter {
    var fileName: String
    var render: (AnalysisResult) throws -> Data

    func write(_ document: ReportDocument, to directory: String) throws -> [String] {
        let path = directory + "/" + fileName
        try AtomicFile.write(render(document.result), to: path)
        return [path]
    }
}
