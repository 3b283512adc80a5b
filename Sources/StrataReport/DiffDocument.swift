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
    /// The page's drawings, laid out before any reporter runs (`prepared(for:layouts:tell:)`).
    public var drawings: DiffDrawings?

    public init(diff: GraphDiff, base: AnalysisResult, head: AnalysisResult, linkBase: String? = nil) {
        self.diff = diff
        self.base = base
        self.head = head
        self.linkBase = linkBase
    }
}

extension DiffDocument {
    /// The document with what its formats draw laid out (the page's two drawings for html,
    /// nothing for the others), through `layouts` (which the caller saves); a drawing Graphviz
    /// fails on is left out with a warning through `tell`.
    public func prepared(for formats: [DiffFormat], layouts: LayoutCache?, tell: (String) -> Void) -> DiffDocument {
        guard formats.contains(.html) else { return self }
        var document = self
        document.drawings = DiffPage.draw(self, layouts: layouts, tell: tell)
        return document
    }
}

/// The diff page's drawings, laid out.
public struct DiffDrawings: Sendable {
    /// The changed subgraph's SVG; nil when no module or import edge changed.
    public var changed: String?
    /// The union of both graphs' SVG.
    public var union: String
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

/// `diff.html`, from a prepared document.
struct DiffPageReporter: Reporter {
    var help: String { "diff.html" }

    func files(for document: DiffDocument, warn: (String) -> Void) throws -> [ReportFile] {
        [ReportFile("diff.html", try DiffPage.render(document))]
    }
}
