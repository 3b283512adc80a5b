import Foundation
import StrataLanguageServer
import StrataModel
import StrataPipeline
import Testing

/// `strata lsp`'s pieces without a client: the framing of messages, what a file's diagnostics,
/// hover and code actions say (the server end to end: Tests/Servers/test_lsp.py).
@Suite struct LanguageServerTests {
    static func framed(_ body: String) -> [UInt8] { MessageFramer.frame(Array(body.utf8)) }

    static func drain(_ framer: inout MessageFramer) -> [MessageFramer.Frame] {
        var frames: [MessageFramer.Frame] = []
        while let frame = framer.next() { frames.append(frame) }
        return frames
    }

    @Test func framesAMessageReadOneByteAtATime() {
        var framer = MessageFramer()
        var frames: [MessageFramer.Frame] = []
        let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"name":"é"}}"#
        for byte in Self.framed(body) {
            framer.append([byte])
            frames += Self.drain(&framer)
        }
        #expect(frames == [.message(Array(body.utf8))])
    }

    @Test func framesTwoMessagesInOneChunkAndOneSplitAcrossChunks() {
        var framer = MessageFramer()
        let first = #"{"id":1}"#, second = #"{"id":2}"#, third = #"{"id":3}"#
        let bytes = Self.framed(first) + Self.framed(second) + Self.framed(third)
        let cut = Self.framed(first).count + Self.framed(second).count + 5
        framer.append(bytes[..<cut])
        #expect(Self.drain(&framer) == [.message(Array(first.utf8)), .message(Array(second.utf8))])
        framer.append(bytes[cut...])
        #expect(Self.drain(&framer) == [.message(Array(third.utf8))])
        #expect(framer.next() == nil)
    }

    @Test func readsOtherHeaderFieldsAndAnyCase() {
        var framer = MessageFramer()
        framer.append(Array("content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:  2 \r\n\r\n{}".utf8))
        #expect(Self.drain(&framer) == [.message(Array("{}".utf8))])
    }

    @Test func dropsABadHeaderAndGoesOn() {
        var framer = MessageFramer()
        let good = Self.framed(#"{"id":9}"#)
        framer.append(Array("Content-Type: x\r\n\r\n".utf8) + Array("Content-Length: many\r\n\r\n".utf8) + Array("no colon\r\n\r\n".utf8)
            + Array("Content-Length: -3\r\n\r\n".utf8) + Array("Content-Length: \(MessageFramer.maximumLength + 1)\r\n\r\n".utf8) + good)
        let frames = Self.drain(&framer)
        #expect(frames.count == 6)
        #expect(frames.prefix(5).allSatisfy { if case .badHeader = $0 { true } else { false } })
        #expect(frames.last == .message(Array(#"{"id":9}"#.utf8)))
    }

    @Test func dropsAHeaderThatNeverEnds() {
        var framer = MessageFramer()
        framer.append([UInt8](repeating: UInt8(ascii: "x"), count: MessageFramer.maximumHeader + 1))
        #expect(framer.next() == .badHeader("a header longer than \(MessageFramer.maximumHeader) bytes without a blank line"))
        framer.append(Self.framed("{}"))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }

    /// A frame with a missing, negative or non-numeric length and a body after it: the next
    /// good header is found, and so is every message after it.
    @Test(arguments: ["Content-Type: x", "Content-Length: -5", "Content-Length: five", "Content-Length:"])
    func resynchronisesOnTheNextHeaderAfterABadOne(header: String) {
        var framer = MessageFramer()
        let bad = Array("\(header)\r\n\r\n".utf8) + Array(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#.utf8)
        framer.append(bad + Self.framed(#"{"id":2}"#) + Self.framed(#"{"id":3}"#))
        let frames = Self.drain(&framer)
        #expect(frames.count == 3)
        #expect(frames.first.map { if case .badHeader = $0 { true } else { false } } == true)
        #expect(Array(frames.dropFirst()) == [.message(Array(#"{"id":2}"#.utf8)), .message(Array(#"{"id":3}"#.utf8))])
    }

    /// A clumsy client's `\n` line ends are read as `\r\n`, before and after a proper frame.
    @Test func readsHeadersWithBareNewlines() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 8\n\n{\"id\":1}".utf8) + Self.framed(#"{"id":2}"#) + Array("Content-Type: x\nContent-Length: 8\r\n\n{\"id\":3}".utf8))
        #expect(Self.drain(&framer) == [1, 2, 3].map { .message(Array("{\"id\":\($0)}".utf8)) })
    }

    /// A length shorter than the body: the rest of the body is passed over up to the next header.
    @Test func aShortLengthCostsOneMessageOnly() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 4\r\n\r\n{\"id\":1}".utf8) + Self.framed(#"{"id":2}"#))
        #expect(Self.drain(&framer) == [.message(Array(#"{"id"#.utf8)), .message(Array(#"{"id":2}"#.utf8))])
    }

    @Test func decodesMessagesAndEncodesResponses() throws {
        let request = try JSONDecoder().decode(IncomingMessage.self, from: Data(#"{"jsonrpc":"2.0","id":"a","method":"m","params":[1,2.5,null,true]}"#.utf8))
        #expect(request.id == .string("a") && request.method == "m" && !request.isResponse)
        #expect(request.params == .array([.int(1), .double(2.5), .null, .bool(true)]))
        let response = try JSONDecoder().decode(IncomingMessage.self, from: Data(#"{"jsonrpc":"2.0","id":3,"result":null}"#.utf8))
        #expect(response.isResponse && response.id == .int(3))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let empty = String(decoding: try encoder.encode(OutgoingResponse<JSONValue>(id: .int(4), result: nil)), as: UTF8.self)
        #expect(empty == #"{"id":4,"jsonrpc":"2.0","result":null}"#)
        let error = String(decoding: try encoder.encode(OutgoingResponse(id: nil, error: .parseError("bad"))), as: UTF8.self)
        #expect(error == #"{"error":{"code":-32700,"message":"bad"},"id":null,"jsonrpc":"2.0"}"#)
    }

    @Test func readsFileURIsAndAppliesRangeChanges() {
        #expect(LanguageServer.path(ofURI: "file:///tmp/a%20b/C%C3%A9.swift") == "/tmp/a b/Cé.swift")
        #expect(LanguageServer.path(ofURI: "file://localhost/tmp/x") == "/tmp/x")
        #expect(LanguageServer.path(ofURI: "untitled:Untitled-1") == nil)
        let range = LSP.Range(start: .init(line: 1, character: 1), end: .init(line: 1, character: 3))
        #expect(LanguageServer.applying(LSP.ContentChange(range: range, text: "Z"), to: "ab\ncdef\n") == "ab\ncZf\n")
        // Positions past the end are clamped, never a crash.
        let far = LSP.Range(start: .init(line: 9, character: 9), end: .init(line: 99, character: 0))
        #expect(LanguageServer.applying(LSP.ContentChange(range: far, text: "!"), to: "ab") == "ab!")
    }

    @Test func showsFindingsHoverAndTheUnusedImportRemoval() throws {
        let repo = try FixCommandTests.makeRepository()
        let session = try StrataSession(AnalysisSession.Input(repository: repo.path, cacheDirectory: nil))
        let path = "Sources/App/App.swift"
        let text = try session.tree.read(path)
        let diagnostics = DocumentViews.diagnostics(path: path, result: session.result, text: text)
        let unused = try #require(diagnostics.first { $0.code == "unused-import" })
        #expect(unused.range == LSP.Range(start: .init(line: 2, character: 0), end: .init(line: 2, character: 33)))
        #expect(unused.severity == .warning && unused.tags == [1] && unused.source == "strata")

        let hover = try #require(DocumentViews.hover(path: path, line: 1, result: session.result, project: session.project, text: text))
        #expect(hover.contents.value.contains("**Core**") && hover.contents.value.contains("Model (type, 1×)"))
        #expect(hover.contents.value.contains("| Ce | Ca | instability | abstractness | distance |"))
        for line in [4, -1, Int.max, Int.min] {
            #expect(DocumentViews.hover(path: path, line: line, result: session.result, project: session.project, text: text) == nil)
        }

        let actions = DocumentViews.codeActions(
            uri: "file:///App.swift", path: path, range: unused.range,
            context: [LSP.ContextDiagnostic(range: unused.range, code: .string("unused-import"))], result: session.result, text: text)
        #expect(actions.map(\.title) == ["Remove unused import Tools"])
        #expect(actions.first?.edit.changes["file:///App.swift"] == [
            LSP.TextEdit(range: LSP.Range(start: .init(line: 2, character: 0), end: .init(line: 3, character: 0)), newText: "")
        ])
        #expect(actions.first?.diagnostics?.count == 1)
        // The used import's line offers nothing.
        let none = DocumentViews.codeActions(
            uri: "file:///App.swift", path: path, range: LSP.Range(start: .init(line: 1, character: 0), end: .init(line: 1, character: 0)),
            context: [], result: session.result, text: text)
        #expect(none.isEmpty)
    }
}
