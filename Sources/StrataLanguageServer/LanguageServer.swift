import Foundation
import StrataDiscovery
import StrataModel
import StrataPipeline
import StrataReport
import StrataSourceTree

/// `strata lsp`: a language server on stdin and stdout over one warm `StrataSession`.
///
/// Three threads: the caller's reads stdin and cuts it into messages (a malformed one is
/// answered at once; end of input ends the process at once); one serial queue (a thread with a
/// large stack, as the analysis needs) owns the session and every document and answers the messages in order; a watcher thread reports
/// files changed on disk to that queue. Unsaved edits and disk changes wait on the queue and
/// are analyzed together before the next answer, so a burst of keystrokes costs one analysis.
public final class LanguageServer: @unchecked Sendable {
    // Everything below `queue` is touched only on `queue` (the reason for `@unchecked`).
    private let queue = SerialThread(name: "strata.lsp")
    private let output: MessageOutput
    private let options: AnalysisSession.Input
    private let polling: Bool

    private var session: StrataSession?
    private var root: String
    private var initialized = false
    private var shutDown = false
    private var watching = false
    /// Open documents by URI.
    private var documents: [String: Document] = [:]
    /// URIs last published with at least one diagnostic.
    private var published: Set<String> = []
    /// Edits and disk changes not analyzed yet.
    private var pendingEdits: [String: Pending] = [:]
    private var pendingDisk: Set<String> = []
    private var scheduled = false
    /// The last problems shown, so each is shown once.
    private var shownProblems: [String] = []

    struct Document {
        /// Relative to the root; nil for a file outside it.
        var path: String?
        var version: Int?
        var text: String
        /// Whether the session holds its text in place of the file on disk.
        var unsaved = false
    }

    enum Pending {
        case text(String)
        /// Back to the file on disk.
        case saved
    }

    /// - Parameters:
    ///   - input: the repository (used when the client names no root) and the analysis options.
    ///   - polling: watch files by polling their modification times instead of inotify.
    public init(input: AnalysisSession.Input, polling: Bool = false, output: Int32 = 1) {
        options = input
        self.polling = polling
        root = Self.absolute(input.repository)
        self.output = MessageOutput(output)
    }

    // MARK: Reading

    /// Reads messages from `input` until it ends, then ends the process (exit 0 after
    /// `shutdown` and `exit`, else 1 when the client went away without them).
    public func run(input: Int32 = 0) -> Never {
        signal(SIGPIPE, SIG_IGN)
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var sawShutdown = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            // The client closed its end or died: nothing is left to serve, and nothing waits.
            if count <= 0 { _exit(sawShutdown ? 0 : 1) }
            framer.append(buffer[..<count])
            while let frame = framer.next() {
                switch frame {
                case .badHeader(let reason):
                    output.send(OutgoingResponse(id: nil, error: .parseError("bad message header: \(reason)")))
                case .message(let body):
                    receive(body, sawShutdown: &sawShutdown)
                }
            }
        }
    }

    /// One message: a malformed one answered here, `exit` obeyed here, the rest queued.
    func receive(_ body: [UInt8], sawShutdown: inout Bool) {
        let message: IncomingMessage
        do {
            message = try JSONDecoder().decode(IncomingMessage.self, from: Data(body))
        } catch {
            let isJSON = (try? JSONDecoder().decode(JSONValue.self, from: Data(body))) != nil
            output.send(OutgoingResponse(id: nil, error: isJSON ? .invalidRequest("not a JSON-RPC message") : .parseError("the message is not JSON")))
            return
        }
        if message.isResponse { return }
        guard let method = message.method else {
            output.send(OutgoingResponse(id: message.id, error: .invalidRequest("a message without a method")))
            return
        }
        switch method {
        case "exit": _exit(sawShutdown ? 0 : 1)
        case "shutdown": sawShutdown = true
        default: break
        }
        queue.async { self.handle(method, id: message.id, params: message.params) }
    }

    // MARK: Answering (on `queue`)

    private func handle(_ method: String, id: RequestID?, params: JSONValue?) {
        do {
            if !initialized, method != "initialize" {
                if let id { output.send(OutgoingResponse(id: id, error: .serverNotInitialized)) }
                return
            }
            if shutDown, id != nil {
                output.send(OutgoingResponse(id: id, error: .invalidRequest("the server is shut down")))
                return
            }
            switch method {
            case "initialize":
                guard !initialized else { throw ResponseError.invalidRequest("initialize was already received") }
                let params: LSP.InitializeParams = try decode(params)
                initialized = true
                root = Self.root(of: params) ?? root
                reply(id, LSP.InitializeResult(serverInfo: LSP.ServerInfo(name: "strata", version: StrataVersion.current)))
                start()
            case "initialized":
                break
            case "shutdown":
                shutDown = true
                if let session { _ = session.close() }
                reply(id, JSONValue.null)
            case "textDocument/didOpen":
                open((try decode(params) as LSP.DidOpenParams).textDocument)
            case "textDocument/didChange":
                change(try decode(params))
            case "textDocument/didSave":
                save((try decode(params) as LSP.DocumentParams).textDocument.uri)
            case "textDocument/didClose":
                close((try decode(params) as LSP.DocumentParams).textDocument.uri)
            case "textDocument/hover":
                let params: LSP.PositionParams = try decode(params)
                analyzePending()
                reply(id, hover(params))
            case "textDocument/codeAction":
                let params: LSP.CodeActionParams = try decode(params)
                analyzePending()
                reply(id, codeActions(params))
            default:
                if let id { output.send(OutgoingResponse(id: id, error: .methodNotFound(method))) }
            }
        } catch let error as ResponseError {
            if let id { output.send(OutgoingResponse(id: id, error: error)) }
        } catch {
            if let id { output.send(OutgoingResponse(id: id, error: .invalidParams("invalid params for \(method): \(error)"))) }
        }
    }

    private func reply<Result: Encodable & Sendable>(_ id: RequestID?, _ result: Result?) {
        guard let id else { return }
        output.send(OutgoingResponse(id: id, result: result))
    }

    private func decode<T: Decodable>(_ params: JSONValue?) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(params ?? .null))
    }

    /// The first analysis, then the watcher.
    private func start() {
        openSession()
        guard !watching else { return }
        watching = true
        let tree = session?.tree.base ?? WorkingDirectoryTree(rootPath: root, filter: PathFilter(excludes: options.excludes))
        let polling = self.polling
        let thread = Thread { [self] in
            let watcher = FileWatchers.watch(tree, polling: polling)
            while true {
                let changed = watcher.changes(timeout: 3600)
                if !changed.isEmpty { queue.async { self.diskChanged(changed) } }
            }
        }
        thread.name = "strata.lsp.watch"
        thread.start()
    }

    private func openSession() {
        var input = options
        input.repository = root
        do {
            session = try StrataSession(input)
            show([])
            for uri in documents.keys.sorted() { remember(uri) }
        } catch {
            show(["strata: cannot analyze \(root): \(error)"])
        }
        publish()
    }

    /// Problems of the input (an invalid strata.yml), each shown once as it appears.
    private func show(_ problems: [String]) {
        guard problems != shownProblems else { return }
        shownProblems = problems
        for problem in problems { output.send(OutgoingNotification(method: "window/showMessage", params: LSP.ShowMessageParams(type: 2, message: problem))) }
    }

    // MARK: Documents

    private func open(_ item: LSP.TextDocumentItem) {
        documents[item.uri] = Document(path: relativePath(item.uri), version: item.version, text: item.text)
        if remember(item.uri) { schedule() } else { publish() }
    }

    /// Hands an open document's text to the session when it differs from what the session
    /// reads; whether it did.
    @discardableResult
    private func remember(_ uri: String) -> Bool {
        guard let session, let document = documents[uri], let path = document.path, session.reads(path) else { return false }
        guard (try? session.tree.read(path)) != Array(document.text.utf8) else { return false }
        pendingEdits[path] = .text(document.text)
        documents[uri]?.unsaved = true
        return true
    }

    private func change(_ params: LSP.DidChangeParams) {
        guard var document = documents[params.textDocument.uri] else { return }
        for change in params.contentChanges { document.text = Self.applying(change, to: document.text) }
        document.version = params.textDocument.version
        documents[params.textDocument.uri] = document
        guard let path = document.path, session?.reads(path) == true else { return }
        pendingEdits[path] = .text(document.text)
        documents[params.textDocument.uri]?.unsaved = true
        schedule()
    }

    private func save(_ uri: String) {
        guard let document = documents[uri], document.unsaved, let path = document.path else { return }
        documents[uri]?.unsaved = false
        pendingEdits[path] = .saved
        schedule()
    }

    private func close(_ uri: String) {
        guard let document = documents.removeValue(forKey: uri) else { return }
        if document.unsaved, let path = document.path {
            pendingEdits[path] = .saved
            schedule()
        } else {
            publish()
        }
    }

    private func diskChanged(_ paths: [String]) {
        guard session != nil else {
            openSession()
            return
        }
        pendingDisk.formUnion(paths)
        schedule()
    }

    // MARK: Analysis

    /// Analyzes what is pending once the messages already queued are handled.
    private func schedule() {
        guard !scheduled else { return }
        scheduled = true
        queue.async { self.analyzePending() }
    }

    /// Disk changes and unsaved edits into the session at once; then diagnostics for every open document.
    private func analyzePending() {
        scheduled = false
        guard session != nil, !pendingEdits.isEmpty || !pendingDisk.isEmpty else { return }
        let disk = pendingDisk, edits = pendingEdits
        (pendingDisk, pendingEdits) = ([], [:])
        // One analysis for the whole burst, however many files it touched.
        session?.update(StrataSession.Changes(disk: disk, edits: edits.mapValues { pending in
            switch pending {
            case .text(let text): text
            case .saved: nil
            }
        }))
        show(session?.problems ?? [])
        publish()
    }

    /// Diagnostics for every open document, and an empty list for each document that had some
    /// and is closed now.
    private func publish() {
        var now: Set<String> = []
        for uri in documents.keys.sorted() {
            let document = documents[uri]!
            var diagnostics: [LSP.Diagnostic] = []
            if let session, let path = document.path {
                diagnostics = DocumentViews.diagnostics(path: path, result: session.result, text: (try? session.tree.read(path)) ?? Array(document.text.utf8))
            }
            send(uri, version: document.version, diagnostics)
            if !diagnostics.isEmpty { now.insert(uri) }
        }
        for uri in published.subtracting(now).sorted() where documents[uri] == nil { send(uri, version: nil, []) }
        published = now
    }

    private func send(_ uri: String, version: Int?, _ diagnostics: [LSP.Diagnostic]) {
        output.send(OutgoingNotification(
            method: "textDocument/publishDiagnostics", params: LSP.PublishDiagnosticsParams(uri: uri, version: version, diagnostics: diagnostics)))
    }

    private func hover(_ params: LSP.PositionParams) -> LSP.Hover? {
        guard let session, let path = documents[params.textDocument.uri]?.path ?? relativePath(params.textDocument.uri),
              let text = try? session.tree.read(path)
        else { return nil }
        return DocumentViews.hover(path: path, line: params.position.line, result: session.result, project: session.project, text: text)
    }

    private func codeActions(_ params: LSP.CodeActionParams) -> [LSP.CodeAction] {
        guard let session, let path = documents[params.textDocument.uri]?.path ?? relativePath(params.textDocument.uri),
              let text = try? session.tree.read(path)
        else { return [] }
        return DocumentViews.codeActions(
            uri: params.textDocument.uri, path: path, range: params.range, context: params.context.diagnostics, result: session.result, text: text)
    }

    // MARK: Paths

    /// A document's path relative to the root; nil outside it (or not a file URI).
    private func relativePath(_ uri: String) -> String? {
        guard let absolute = Self.path(ofURI: uri) else { return nil }
        let relative = session?.relative(absolute) ?? (absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : absolute)
        return relative.hasPrefix("/") || relative.hasPrefix("../") || relative.isEmpty ? nil : relative
    }

    /// The file path of a `file:` URI, percent-decoded; nil for another scheme.
    public static func path(ofURI uri: String) -> String? {
        guard uri.lowercased().hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        if !rest.hasPrefix("/") {
            // file://host/path: the host is this machine.
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]
        }
        guard let decoded = String(rest).removingPercentEncoding, !decoded.isEmpty else { return nil }
        return decoded.count > 1 && decoded.hasSuffix("/") ? String(decoded.dropLast()) : decoded
    }

    static func root(of params: LSP.InitializeParams) -> String? {
        if let uri = params.rootUri, let path = path(ofURI: uri) { return absolute(path) }
        if let path = params.rootPath, !path.isEmpty { return absolute(path) }
        if let uri = params.workspaceFolders?.first?.uri, let path = path(ofURI: uri) { return absolute(path) }
        return nil
    }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standard = (full as NSString).standardizingPath
        return standard.isEmpty ? "/" : standard
    }

    /// A change of the whole text, or (from a client that sends them unasked) of a range.
    public static func applying(_ change: LSP.ContentChange, to text: String) -> String {
        guard let range = change.range else { return change.text }
        let units = Array(text.utf16)
        func offset(_ position: LSP.Position) -> Int {
            var line = 0, index = 0
            while line < position.line, index < units.count {
                if units[index] == 10 { line += 1 }
                index += 1
            }
            var character = 0
            while character < position.character, index < units.count, units[index] != 10 {
                index += 1
                character += 1
            }
            return index
        }
        let start = offset(range.start), end = max(start, offset(range.end))
        return String(decoding: units[..<start], as: UTF16.self) + change.text + String(decoding: units[end...], as: UTF16.self)
    }
}

/// Writes whole framed messages to a file descriptor, one at a time from any thread.
final class MessageOutput: @unchecked Sendable {
    private let lock = NSLock()
    private let descriptor: Int32

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    func send<Message: Encodable>(_ message: Message) {
        guard let body = try? ReportJSON.compact(message) else { return }
        let bytes = MessageFramer.frame(Array(body))
        lock.withLock {
            // The client is gone: so is the reason to run.
            if bytes.withUnsafeBytes({ FileDescriptor.writeAll(descriptor, $0) }) != nil { _exit(1) }
        }
    }
}

/// A serial queue on one thread of its own with a large stack (`InputLimits.stackSize`):
/// Dispatch's worker threads have stacks too small for deeply nested input.
final class SerialThread: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var jobs: [@Sendable () -> Void] = []

    init(name: String) {
        let thread = Thread { [self] in work() }
        thread.name = name
        thread.stackSize = InputLimits.stackSize
        thread.start()
    }

    /// Runs `job` after every job queued before it.
    func async(_ job: @escaping @Sendable () -> Void) {
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func work() -> Never {
        while true {
            let job = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job()
        }
    }
}
