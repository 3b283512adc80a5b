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

/// The formats `strata diff --format` accepts; each renders the whole document to one file.
public enum DiffFormat: String, CaseIterable, Sendable {
    case md, json, html

    public var fileName: String {
        switch self {
        case .md: "strata-diff.md"
        case .json: "strata-diff.json"
        case .html: "diff.html"
        }
    }

    /// - Parameter warn: told when a drawing is left out (Graphviz failed on it).
    public func render(_ document: DiffDocument, warn: (String) -> Void = { _ in }) throws -> Data {
        switch self {
        case .md: Data(DiffMarkdown.render(document).utf8)
        case .json: try Self.json(document.diff)
        case .html: try DiffPage.render(document, warn: warn)
        }
    }

    public static func json(_ diff: GraphDiff) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(diff)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
