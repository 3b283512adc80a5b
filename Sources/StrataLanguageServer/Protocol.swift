/// The Language Server Protocol's values the server reads and writes, as Codable structs
/// (only the fields it uses; the others are ignored when read and omitted when written).
public enum LSP {
    public struct Position: Codable, Hashable, Sendable, Comparable {
        /// 0-based.
        public var line: Int
        /// 0-based, in UTF-16 code units.
        public var character: Int

        public init(line: Int, character: Int) { (self.line, self.character) = (line, character) }
        public static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.character) < (rhs.line, rhs.character) }
    }

    public struct Range: Codable, Hashable, Sendable {
        public var start: Position
        public var end: Position

        public init(start: Position, end: Position) { (self.start, self.end) = (start, end) }
    }

    public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
        public var uri: String
    }

    public struct TextDocumentItem: Codable, Hashable, Sendable {
        public var uri: String
        public var languageId: String?
        public var version: Int?
        public var text: String
    }

    public struct VersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
        public var uri: String
        public var version: Int?
    }

    public struct WorkspaceFolder: Codable, Hashable, Sendable {
        public var uri: String
        public var name: String?
    }

    public struct InitializeParams: Codable, Sendable {
        public var rootUri: String?
        public var rootPath: String?
        public var workspaceFolders: [WorkspaceFolder]?
    }

    public struct DidOpenParams: Codable, Sendable {
        public var textDocument: TextDocumentItem
    }

    public struct ContentChange: Codable, Sendable {
        /// Present for an incremental change, which the server does not ask for.
        public var range: Range?
        public var text: String

        public init(range: Range? = nil, text: String) { (self.range, self.text) = (range, text) }
    }

    public struct DidChangeParams: Codable, Sendable {
        public var textDocument: VersionedTextDocumentIdentifier
        public var contentChanges: [ContentChange]
    }

    public struct DocumentParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
    }

    public struct PositionParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var position: Position
    }

    public struct Diagnostic: Codable, Hashable, Sendable {
        public enum Severity: Int, Codable, Hashable, Sendable {
            case error = 1, warning, information, hint
        }

        public var range: Range
        public var severity: Severity
        public var code: String
        public var source: String
        public var message: String
        /// 1: unnecessary (an unused import, shown faded).
        public var tags: [Int]?

        public init(range: Range, severity: Severity, code: String, source: String = "strata", message: String, tags: [Int]? = nil) {
            (self.range, self.severity, self.code, self.source, self.message, self.tags) = (range, severity, code, source, message, tags)
        }
    }

    /// A diagnostic as the client sends it back in a code action's context (any fields).
    public struct ContextDiagnostic: Codable, Hashable, Sendable {
        public var range: Range
        public var code: JSONValue?
        public var source: String?
        public var message: String?
        public var severity: Int?
        public var tags: [Int]?

        public init(range: Range, code: JSONValue? = nil) { (self.range, self.code) = (range, code) }
    }

    public struct PublishDiagnosticsParams: Codable, Hashable, Sendable {
        public var uri: String
        public var version: Int?
        public var diagnostics: [Diagnostic]
    }

    public struct MarkupContent: Codable, Hashable, Sendable {
        public var kind = "markdown"
        public var value: String
    }

    public struct Hover: Codable, Hashable, Sendable {
        public var contents: MarkupContent
        public var range: Range?
    }

    public struct CodeActionContext: Codable, Sendable {
        public var diagnostics: [ContextDiagnostic]
        public var only: [String]?
    }

    public struct CodeActionParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var range: Range
        public var context: CodeActionContext
    }

    public struct TextEdit: Codable, Hashable, Sendable {
        public var range: Range
        public var newText: String

        public init(range: Range, newText: String) { (self.range, self.newText) = (range, newText) }
    }

    public struct WorkspaceEdit: Codable, Hashable, Sendable {
        public var changes: [String: [TextEdit]]
    }

    public struct CodeAction: Codable, Hashable, Sendable {
        public var title: String
        public var kind: String
        public var diagnostics: [ContextDiagnostic]?
        public var isPreferred: Bool?
        public var edit: WorkspaceEdit
    }

    public struct ShowMessageParams: Codable, Hashable, Sendable {
        /// 1 error, 2 warning, 3 info, 4 log.
        public var type: Int
        public var message: String
    }

    public struct ServerCapabilities: Codable, Sendable {
        public struct TextDocumentSync: Codable, Sendable {
            public var openClose = true
            /// 1: the whole text on every change.
            public var change = 1
            public var save = SaveOptions()
        }

        public struct SaveOptions: Codable, Sendable {
            public var includeText = false
        }

        public struct CodeActionOptions: Codable, Sendable {
            public var codeActionKinds = ["quickfix"]
        }

        public var textDocumentSync = TextDocumentSync()
        public var hoverProvider = true
        public var codeActionProvider = CodeActionOptions()
    }

    public struct ServerInfo: Codable, Sendable {
        public var name: String
        public var version: String
    }

    public struct InitializeResult: Codable, Sendable {
        public var capabilities = ServerCapabilities()
        public var serverInfo: ServerInfo
    }
}
