/// JSON-RPC 2.0 over the Language Server Protocol's base protocol: each message is a header
/// (`Content-Length: N`, other fields ignored, lines ended by `\r\n`, a blank line) and N bytes
/// of UTF-8 JSON. The framing and the messages, as Codable values; nothing else of the
/// protocol is here.

/// Cuts a byte stream into messages: bytes go in as they arrive (any chunking), whole
/// messages come out. The framer resynchronises after anything malformed, so one bad frame
/// never silences the rest: a header ends at its first blank line whether lines end in
/// `\r\n` (the protocol's) or `\n` (a clumsy client's); its `Content-Length` is the last one
/// in it, wherever the line starts, so bytes left over from a bad frame before a good header
/// are passed over; a header without a usable length is dropped with its reason, and reading
/// goes on after its blank line.
public struct MessageFramer: Sendable {
    /// What the stream held next.
    public enum Frame: Equatable, Sendable {
        /// One message's body (JSON text, not checked here).
        case message([UInt8])
        /// A header that names no length, or an impossible one: dropped, with why.
        case badHeader(String)
    }

    /// The largest body taken (LSP messages are far smaller); a longer one is a bad header.
    public static let maximumLength = 256 << 20
    /// The longest header; more bytes without a blank line are dropped as a bad header.
    public static let maximumHeader = 8 << 10

    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start.
    private var start = 0

    public init() {}

    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next whole message or bad header; nil until more bytes arrive.
    public mutating func next() -> Frame? {
        defer { compact() }
        guard let (end, body) = headerEnd() else {
            guard buffer.count - start > Self.maximumHeader else { return nil }
            // The last bytes may be the start of the next header: they are kept.
            start = buffer.count - 64
            return .badHeader("a header longer than \(Self.maximumHeader) bytes without a blank line")
        }
        guard let length = Self.contentLength(buffer[start..<end]) else {
            start = body
            return .badHeader("no valid Content-Length")
        }
        guard buffer.count - body >= length else { return nil }
        start = body + length
        return .message(Array(buffer[body..<(body + length)]))
    }

    /// The header's last `Content-Length` value, when it is a length the framer takes.
    private static func contentLength(_ header: ArraySlice<UInt8>) -> Int? {
        let name = Array("content-length".utf8)
        var found: Int?
        var index = header.startIndex
        while index + name.count <= header.endIndex {
            if zip(name, header[index..<(index + name.count)]).allSatisfy({ $0 == ((65...90).contains($1) ? $1 | 0x20 : $1) }) {
                found = index + name.count
                index += name.count
            } else {
                index += 1
            }
        }
        guard var cursor = found else { return nil }
        while cursor < header.endIndex, header[cursor] == 32 || header[cursor] == 9 { cursor += 1 }
        guard cursor < header.endIndex, header[cursor] == UInt8(ascii: ":") else { return nil }
        let line = header[(cursor + 1)...].prefix { $0 != 10 && $0 != 13 }
        guard let length = Int(String(decoding: line, as: UTF8.self).trimmingSpaces), length >= 0, length <= maximumLength else { return nil }
        return length
    }

    /// Where the header at `start` ends and its body begins (after the first blank line, its
    /// lines ended by `\r\n` or `\n`), if it has arrived.
    private func headerEnd() -> (end: Int, body: Int)? {
        var index = start
        while let newline = buffer[index...].firstIndex(of: 10) {
            var next = newline + 1
            if next < buffer.count, buffer[next] == 13 { next += 1 }
            guard next < buffer.count else { return nil }
            if buffer[next] == 10 { return (newline, next + 1) }
            index = newline + 1
        }
        return nil
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 64 << 10 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// A body with its header, ready to write.
    public static func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: SubSequence {
        var text = self[...]
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}

/// Any JSON value: the params of a method the server reads no further, and echoed ids.
public enum JSONValue: Codable, Hashable, Sendable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([JSONValue]), object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// A request's id: a number or a string.
public enum RequestID: Codable, Hashable, Sendable {
    case int(Int), string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) { self = .int(value) } else { self = .string(try container.decode(String.self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }
}

/// Any message as it arrives: a request (method and id), a notification (method) or a
/// response to the server (id, result or error). `params` is read by the method's handler.
public struct IncomingMessage: Decodable, Sendable {
    public var jsonrpc: String?
    public var id: RequestID?
    public var method: String?
    public var params: JSONValue?
    /// Whether it carries `result` or `error`: a response, which the server never asked for.
    public var isResponse: Bool

    enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params, result, error }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        jsonrpc = try container.decodeIfPresent(String.self, forKey: .jsonrpc)
        id = try container.decodeIfPresent(RequestID.self, forKey: .id)
        method = try container.decodeIfPresent(String.self, forKey: .method)
        params = try container.decodeIfPresent(JSONValue.self, forKey: .params)
        isResponse = container.contains(.result) || container.contains(.error)
    }
}

/// JSON-RPC's and LSP's error codes.
public struct ResponseError: Codable, Hashable, Sendable, Error {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static func parseError(_ message: String) -> Self { Self(code: -32700, message: message) }
    public static func invalidRequest(_ message: String) -> Self { Self(code: -32600, message: message) }
    public static func methodNotFound(_ method: String) -> Self { Self(code: -32601, message: "unknown method \(method)") }
    public static func invalidParams(_ message: String) -> Self { Self(code: -32602, message: message) }
    public static func internalError(_ message: String) -> Self { Self(code: -32603, message: message) }
    public static let serverNotInitialized = Self(code: -32002, message: "the server is not initialized yet")
}

/// The answer to a request: its result (`null` included) or an error; id null when the
/// request's id could not be read.
public struct OutgoingResponse<Result: Encodable & Sendable>: Encodable, Sendable {
    public var id: RequestID?
    public var result: Result?
    public var error: ResponseError?

    public init(id: RequestID?, result: Result?) { (self.id, self.result, self.error) = (id, result, nil) }
    public init(id: RequestID?, error: ResponseError) where Result == JSONValue { (self.id, self.result, self.error) = (id, nil, error) }

    enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
        if let error { try container.encode(error, forKey: .error) } else if let result { try container.encode(result, forKey: .result) } else { try container.encodeNil(forKey: .result) }
    }
}

/// A notification the server sends.
public struct OutgoingNotification<Params: Encodable & Sendable>: Encodable, Sendable {
    public var jsonrpc = "2.0"
    public var method: String
    public var params: Params

    public init(method: String, params: Params) {
        self.method = method
        self.params = params
    }
}
