import StrataModel

/// Writes one format of the result into the output folder.
public protocol Reporter {
    /// Writes the files of this format and returns their paths.
    func write(_ document: ReportDocument, to directory: String) throws -> [String]
}

/// The formats `--format` accepts, each with its reporter.
public enum OutputFormat: String, CaseIterable, Sendable {
    case html, json, dot

    public var reporter: any Reporter {
        switch self {
        case .html: HTMLReporter()
        case .json: JSONReporter()
        case .dot: DOTReporter()
        }
    }
}
