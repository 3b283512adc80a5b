import Foundation

/// One file of a report: its path in the output folder (relative, `/`-separated) and its bytes.
public struct ReportFile: Sendable, Equatable {
    public var path: String
    public var bytes: Data

    public init(_ path: String, _ bytes: Data) {
        self.path = path
        self.bytes = bytes
    }
}

/// Turns a document into the files of one format. A reporter never touches the disk:
/// `ReportWriter` (StrataPipeline) writes what it returns.
public protocol Reporter<Document> {
    associatedtype Document

    /// - Parameter warn: told what the files leave out (a drawing Graphviz failed on).
    func files(for document: Document, warn: (String) -> Void) throws -> [ReportFile]

    /// Whether a file at this path (relative to the output folder) is one this reporter
    /// makes: one a previous run wrote and this run did not is stale, and the writer removes
    /// it. False for every path by default.
    func owns(_ path: String) -> Bool

    /// What the format writes, for `--help`: `strata.json`, `index.html, the report`.
    var help: String { get }
}

extension Reporter {
    public func owns(_ path: String) -> Bool { false }

    public func files(for document: Document) throws -> [ReportFile] { try files(for: document, warn: { _ in }) }
}

/// The format names a command accepts, each a case whose reporter is in one `switch`: the
/// registry of one kind of document (the analysis, a check, a diff, a drawing, `why`,
/// `affected`, a history, an organisation). Parsed from the command line by name
/// (`ExpressibleByArgument` in the CLI).
public protocol ReportFormat: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    associatedtype Document
    var reporter: any Reporter<Document> { get }
}

extension ReportFormat {
    /// The format's files' bytes one after the other: what a command prints, or writes to
    /// the one file it is given.
    public func bytes(for document: Document, warn: (String) -> Void = { _ in }) throws -> Data {
        try reporter.files(for: document, warn: warn).reduce(into: Data()) { $0 += $1.bytes }
    }

    public func text(for document: Document) throws -> String { String(decoding: try bytes(for: document), as: UTF8.self) }
}

/// A format that is one file rendered from the document: `strata.sarif`, `summary.md`; or,
/// named `-`, what a command prints (`strata check`'s text).
public struct FileReporter<Document>: Reporter {
    public var fileName: String
    public var render: (Document) throws -> Data

    public init(fileName: String, render: @escaping (Document) throws -> Data) {
        self.fileName = fileName
        self.render = render
    }

    /// A rendering printed on standard output.
    public static func printed(_ render: @escaping (Document) throws -> String) -> FileReporter {
        FileReporter(fileName: "-") { Data(try render($0).utf8) }
    }

    public var help: String { fileName == "-" ? "standard output" : fileName }

    public func files(for document: Document, warn: (String) -> Void) throws -> [ReportFile] {
        [ReportFile(fileName, try render(document))]
    }
}

/// The one JSON set-up of every output: keys sorted (the same input gives the same bytes),
/// slashes left as they are; documents pretty-printed with a final newline, data embedded in
/// a page or a line compact. The bytes are `JSONEncoder`'s with `.sortedKeys` and
/// `.withoutEscapingSlashes` (and `.prettyPrinted` for documents), written by `JSONWriter`
/// in a fraction of its time.
public enum ReportJSON {
    /// A file's JSON: indented unless `pretty` is false, and ending with a line break.
    public static func document(_ value: some Encodable, pretty: Bool = true) throws -> Data {
        try JSONWriter.encode(value, pretty: pretty, newline: true)
    }

    public static func compact(_ value: some Encodable) throws -> Data {
        try JSONWriter.encode(value, pretty: false)
    }
}
