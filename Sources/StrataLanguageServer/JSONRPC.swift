/// JSON-RPC 2.0 over the Language Server Protocol's base protocol: each message is a header
/// (`Content-Length: N`, other fields ignored, lines ended by `\r\n`, a blank line) and N bytes
/// of UTF-8 JSON. The framing and the messages, as Codable values; nothing else of the
/// protocol is here.

/// Cuts a byte stream into messages: bytes go in as they arrive (any chunking), whole
/// messages come out. A header without a usable `Content-Length` is dropped with its reason,
/// and reading goes on after it.
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
        guard let end = headerEnd() else {
            guard buffer.count - start > Self.maximumHeader else { return nil }
            start = buffer.count
            return .badHeader("a header longer than \(Self.maximumHeader) bytes without a blank line")
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        let body = end + 4
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                start = body
                return .badHeader("a header line without a colon")
            }
            if line[..<colon].trimmingSpaces.lowercased() == "content-length" { length = Int(line[line.index(after: colon)...].trimmingSpaces) }
        }
        guard let length, length >= 0, length <= Self.maximumLength else {
            start = body
            return .badHeader("no valid Content-Length")
        }
        guard buffer.count - body >= length else { return nil }
        start = body + length
        return .message(Array(buffer[body..<(body + length)]))
    }

    /// The index of the `\r\n\r\n` ending the header at `start`, if it has arrived.
    private func headerEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
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

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
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
