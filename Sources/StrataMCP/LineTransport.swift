import Foundation
import Logging
import MCP
import StrataSourceTree

/// MCP's stdio transport as `strata mcp` serves it: one JSON-RPC message per line on two
/// file descriptors, read in linear time whatever the line's length, with what the SDK's
/// server would answer wrongly answered here: a line that is not JSON gets a parse error
/// (`-32700`) and a JSON value that is no JSON-RPC message an invalid request (`-32600`),
/// both with `"id": null` as JSON-RPC requires; a line longer than `maximumLine` is refused
/// the same way. When the input ends, the stream of messages ends only after every request
/// read before it has been answered.
actor LineTransport: Transport {
    /// The longest message taken (16 MiB); a longer line is answered with an invalid request
    /// and skipped to its end.
    static let maximumLine = 16 << 20

    nonisolated let logger = Logger(label: "strata.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    private let input: Int32
    private let ledger: Ledger
    private let messages: AsyncThrowingStream<Data, any Error>
    private var started = false

    init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        var continuation: AsyncThrowingStream<Data, any Error>.Continuation!
        messages = AsyncThrowingStream { continuation = $0 }
        ledger = Ledger(output: output, messages: continuation)
    }

    func connect() async throws {
        guard !started else { return }
        started = true
        let (input, ledger) = (self.input, self.ledger)
        let thread = Thread { LineReader(ledger: ledger).run(input) }
        thread.name = "strata.mcp.input"
        thread.start()
    }

    func disconnect() async { ledger.finish() }

    func send(_ data: Data) async throws {
        if let code = ledger.write(data) {
            // The client is gone: nothing is left to answer.
            ledger.finish()
            throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
        }
        ledger.answered(data)
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { messages }
}

/// What the reader and the server share: the output (one writer at a time), the requests
/// read and not yet answered, and whether the input has ended.
private final class Ledger: @unchecked Sendable {
    private let lock = NSLock()
    private let output: Int32
    private let messages: AsyncThrowingStream<Data, any Error>.Continuation
    // Guarded by `lock`.
    private var unanswered: [RequestKey: Int] = [:]
    private var inputEnded = false
    private var finished = false

    init(output: Int32, messages: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.output = output
        self.messages = messages
    }

    /// Writes one message and its newline; the errno when the client took nothing more.
    func write(_ data: Data) -> Int32? {
        var line = data
        line.append(10)
        return lock.withLock { line.withUnsafeBytes { FileDescriptor.writeAll(output, $0) } }
    }

    /// An answer of the transport's own, to a message the server never sees.
    func reject(_ error: MCPError, id: RequestKey?) {
        struct Rejection: Encodable {
            let jsonrpc = "2.0"
            let id: RequestKey?
            let error: Body
            struct Body: Encodable {
                let code: Int
                let message: String
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(jsonrpc, forKey: .jsonrpc)
                if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
                try container.encode(error, forKey: .error)
            }
            enum CodingKeys: String, CodingKey { case jsonrpc, id, error }
        }
        let body = Rejection(id: id, error: .init(code: error.code, message: error.errorDescription ?? "\(error)"))
        if let data = try? JSONEncoder().encode(body) { _ = write(data) }
    }

    /// Hands a message to the server, counting the requests in it.
    func pass(_ line: Data, requests: [RequestKey]) {
        lock.withLock { for key in requests { unanswered[key, default: 0] += 1 } }
        messages.yield(line)
    }

    /// Counts the answers in a message the server sent; the stream ends when the input has
    /// ended and this was the last request outstanding.
    func answered(_ data: Data) {
        let keys = LineMessage.answers(in: data)
        guard !keys.isEmpty else { return }
        lock.withLock {
            for key in keys {
                guard let count = unanswered[key] else { continue }
                unanswered[key] = count > 1 ? count - 1 : nil
            }
        }
        finishIfDone()
    }

    func endInput() {
        lock.withLock { inputEnded = true }
        finishIfDone()
    }

    func finish() {
        let first = lock.withLock {
            defer { finished = true }
            return !finished
        }
        if first { messages.finish() }
    }

    private func finishIfDone() {
        if lock.withLock({ inputEnded && unanswered.isEmpty }) { finish() }
    }
}

/// A JSON-RPC id as the server echoes it: a string or an integer.
enum RequestKey: Hashable, Encodable {
    case string(String), number(Int)

    init?(_ value: Value?) {
        switch value {
        case .string(let text)?: self = .string(text)
        case .int(let number)?: self = .number(number)
        default: return nil
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        }
    }
}

/// Cuts the input into lines, scanning each byte once, and sorts each line: passed to the
/// server, or answered here.
private struct LineReader {
    let ledger: Ledger

    func run(_ descriptor: Int32) {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var line: [UInt8] = []
        var skipping = false
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            var start = 0
            while start < count {
                guard let newline = chunk[start..<count].firstIndex(of: 10) else {
                    if !skipping { line.append(contentsOf: chunk[start..<count]) }
                    if !skipping, line.count > LineTransport.maximumLine {
                        tooLong()
                        line = []
                        skipping = true
                    }
                    break
                }
                if skipping {
                    skipping = false
                } else {
                    line.append(contentsOf: chunk[start..<newline])
                    if line.count > LineTransport.maximumLine { tooLong() } else { take(line) }
                }
                line.removeAll(keepingCapacity: line.count <= 1 << 20)
                start = newline + 1
            }
        }
        if !skipping, !line.isEmpty { take(line) }
        ledger.endInput()
    }

    private func tooLong() {
        ledger.reject(.invalidRequest("a message longer than \(LineTransport.maximumLine >> 20) MiB; the limit is in docs/servers.md"), id: nil)
    }

    private func take(_ bytes: [UInt8]) {
        guard bytes.contains(where: { $0 != 32 && $0 != 9 && $0 != 13 }) else { return }
        let data = Data(bytes)
        switch LineMessage.sort(data) {
        case .pass(let requests): ledger.pass(data, requests: requests)
        case .reject(let error, let id): ledger.reject(error, id: id)
        }
    }
}

/// What a line holds, as far as the transport must know.
enum LineMessage {
    case pass(requests: [RequestKey])
    case reject(MCPError, id: RequestKey?)

    /// A request, notification or response (or a batch of them) passes; the rest is answered.
    static func sort(_ data: Data) -> LineMessage {
        guard let value = try? JSONDecoder().decode(Value.self, from: data) else {
            return .reject(.parseError("the message is not JSON"), id: nil)
        }
        if case .array(let items) = value {
            guard !items.isEmpty else { return .reject(.invalidRequest("an empty batch"), id: nil) }
            var requests: [RequestKey] = []
            for item in items {
                switch sort(item) {
                case .pass(let keys): requests += keys
                case .reject(let error, let id): return .reject(error, id: id)
                }
            }
            return .pass(requests: requests)
        }
        return sort(value)
    }

    private static func sort(_ value: Value) -> LineMessage {
        guard case .object(let message) = value else { return .reject(.invalidRequest("not a JSON-RPC message (an object)"), id: nil) }
        let id = RequestKey(message["id"])
        let idIsValid = message["id"] == nil || id != nil
        guard message["jsonrpc"] == .string("2.0") else { return .reject(.invalidRequest("jsonrpc must be \"2.0\""), id: id) }
        if let method = message["method"] {
            guard idIsValid else { return .reject(.invalidRequest("id must be a string or an integer"), id: nil) }
            guard case .string = method else { return .reject(.invalidRequest("method must be a string"), id: id) }
            switch message["params"] {
            case nil, .object?: break
            default: return .reject(.invalidRequest("params must be an object"), id: id)
            }
            return .pass(requests: id.map { [$0] } ?? [])
        }
        if message["result"] != nil || message["error"] != nil { return .pass(requests: []) }
        return .reject(.invalidRequest("neither a request, a notification nor a response"), id: id)
    }

    /// The ids a message the server sends answers (a response, or a batch of them). Only the
    /// top-level `id` and `method` keys are read: an answer may be a whole `strata.json`,
    /// which is written, not decoded again.
    static func answers(in data: Data) -> [RequestKey] {
        data.withUnsafeBytes { raw in
            var scanner = AnswerScanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.answers()
        }
    }
}

/// Reads the top-level `id` and `method` of a JSON-RPC message (or of each in a batch),
/// stepping over every other value without decoding it.
struct AnswerScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func answers() -> [RequestKey] {
        skipSpaces()
        guard index < bytes.count else { return [] }
        guard bytes[index] == UInt8(ascii: "[") else { return object().flatMap { $0 }.map { [$0] } ?? [] }
        index += 1
        var keys: [RequestKey] = []
        while index < bytes.count {
            skipSpaces()
            if let answered = object() { if let key = answered { keys.append(key) } } else { skipValue() }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
            index += 1
        }
        return keys
    }

    /// At an object: the id it answers (nil inside when it is a request or has none); nil when
    /// no object starts here.
    mutating func object() -> RequestKey?? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var id: RequestKey?, isRequest = false
        while index < bytes.count {
            skipSpaces()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; break }
            let key = string()
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return .some(nil) }
            index += 1
            skipSpaces()
            let start = index
            skipValue()
            if key == "id" { id = Self.key(UnsafeBufferPointer(rebasing: bytes[start..<index])) }
            if key == "method" { isRequest = true }
            skipSpaces()
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
        }
        return .some(isRequest ? nil : id)
    }

    /// An id's JSON text as the key it is: a string or an integer.
    static func key(_ text: UnsafeBufferPointer<UInt8>) -> RequestKey? {
        RequestKey(try? JSONDecoder().decode(Value.self, from: Data(text)))
    }

    /// A string at the cursor, its escapes left as written (keys of interest have none).
    mutating func string() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { skipValue(); return nil }
        let start = index + 1
        skipValue()
        return String(decoding: bytes[start..<max(start, index - 1)], as: UTF8.self)
    }

    /// Past one value: a string, a number or word, or an object or array with all it holds.
    mutating func skipValue() {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                index = min(index + 1, bytes.count)
                if depth == 0 { return }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return }
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: ","), 32, 9, 10, 13:
                if depth == 0 { return }
                index += 1
            default:
                index += 1
            }
        }
    }

    mutating func skipSpaces() {
        while index < bytes.count, [32, 9, 10, 13].contains(bytes[index]) { index += 1 }
    }
}
