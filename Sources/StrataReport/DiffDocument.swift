import Foundation
import StrataGraphviz
import StrataModel

/// A comparison being reported: the diff with the two results it came from (the HTML page
/// draws the union of both graphs).
public struct DiffDocument: Sendable {
    public var diff: GraphDiff
    public var base: AnalysisResult
    public var head: AnalysisResult
    /// Prefix of links to a file at HEAD (`https://github.com/o/r/blob/<sha>`); nil writes
    /// plain `path:line`.
    public var linkBase: String?
    /// Where the drawings' layouts are kept between runs (HEAD's report and the diff graph).
    public var layouts: LayoutCache?

    public init(diff: GraphDiff, base: AnalysisResult, head: AnalysisResult, linkBase: String? = nil) {
        self.diff = diff
        self.base = base
        self.head = head
        self.linkBase = linkBase
    }
}

/// The formats `strata diff --format` accepts: the registry of the diff's reporters, each
/// one file rendered from the whole document.
public enum DiffFormat: String, ReportFormat {
    case md, json, html

    public var reporter: any Reporter<DiffDocument> {
        switch self {
        case .md: FileReporter(fileName: "strata-diff.md") { Data(DiffMarkdown.render($0).utf8) }
        case .json: FileReporter(fileName: "strata-diff.json") { try ReportJSON.document($0.diff) }
        case .html: DiffPageReporter()
        }
    }
}

/// `diff.html`; a drawing Graphviz fails on is left out with a warning.
struct DiffPageReporter: Reporter {
    var help: String { "diff.html" }

    func files(for document: DiffDocument, warn: (String) -> Void) throws -> [ReportFile] {
        [ReportFile("diff.html", try DiffPage.render(document, warn: warn))]
    }
}
