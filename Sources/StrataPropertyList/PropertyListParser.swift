/// Parses old-style (OpenStep) property lists, the format Xcode writes `project.pbxproj` in:
/// `{ key = value; }`, `( a, b, )`, quoted strings with backslash escapes, bare tokens,
/// `<hex data>`, and `/* */` and `//` comments.
///
/// Works on UTF-8 bytes and counts lines as it goes, because projects of big apps reach a few
/// megabytes and every key needs its line for evidence. Malformed input (a merge conflict
/// left in the file, a truncated file) throws `PropertyListError` with the line; it never traps.
public enum PropertyListParser {
    /// Deeper nesting than this is not a real project file; stopping keeps the stack safe.
    static let maximumDepth = 256

    /// The one value the bytes hold (a pbxproj's top-level dictionary), with every line.
    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        let result: Result<PropertyList, PropertyListError> = bytes.withUnsafeBufferPointer { buffer in
            var cursor = Cursor(bytes: buffer)
            do throws(PropertyListError) {
                cursor.skipTrivia()
                let value = try cursor.value(depth: 0)
                cursor.skipTrivia()
                if cursor.offset < buffer.count {
                    throw PropertyListError(line: cursor.line, message: "unexpected \(cursor.describeCurrent()) after the end of the property list")
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        var line = 1

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func peek(_ ahead: Int = 0) -> UInt8? {
            offset + ahead < bytes.count ? bytes[offset + ahead] : nil
        }

        /// Skips whitespace and comments, counting newlines.
        mutating func skipTrivia() {
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == .newline {
                    line += 1
                    offset += 1
                } else if byte == .space || byte == .tab || byte == .carriageReturn || byte == 0x0B || byte == 0x0C {
                    offset += 1
                } else if byte == .slash, peek(1) == .asterisk {
                    // An unterminated block comment runs to the end; the caller then reports
                    // what it was missing at the last line.
                    offset += 2
                    while offset < bytes.count, !(bytes[offset] == .asterisk && peek(1) == .slash) {
                        if bytes[offset] == .newline { line += 1 }
                        offset += 1
                    }
                    offset = min(offset + 2, bytes.count)
                } else if byte == .slash, peek(1) == .slash {
                    while offset < bytes.count, bytes[offset] != .newline { offset += 1 }
                } else {
                    return
                }
            }
        }

        func describeCurrent() -> String {
            guard let byte = peek() else { return "end of file" }
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16))"
        }

        mutating func value(depth: Int) throws(PropertyListError) -> PropertyList {
            guard depth < PropertyListParser.maximumDepth else {
                throw PropertyListError(line: line, message: "nesting deeper than \(PropertyListParser.maximumDepth) levels")
            }
            guard let byte = peek() else { throw PropertyListError(line: line, message: "unexpected end of file, expected a value") }
            switch byte {
            case .openBrace: return try dictionary(depth: depth)
            case .openParenthesis: return try array(depth: depth)
            default:
                let startLine = line
                guard let text = try string() else {
                    throw PropertyListError(line: line, message: "unexpected \(describeCurrent()), expected a value")
                }
                return .string(text, line: startLine)
            }
        }

        mutating func dictionary(depth: Int) throws(PropertyListError) -> PropertyList {
            let startLine = line
            offset += 1
            var entries: [PropertyListDictionary.Entry] = []
            while true {
                skipTrivia()
                guard let byte = peek() else {
                    throw PropertyListError(line: line, message: "unexpected end of file in the dictionary opened at line \(startLine)")
                }
                if byte == .closeBrace {
                    offset += 1
                    return .dictionary(PropertyListDictionary(entries: entries), line: startLine)
                }
                let keyLine = line
                guard let key = try string(allowingData: false) else {
                    throw PropertyListError(line: line, message: "unexpected \(describeCurrent()), expected a key or '}'")
                }
                skipTrivia()
                guard peek() == .equals else {
                    throw PropertyListError(line: line, message: "unexpected \(describeCurrent()) after key \"\(key)\", expected '='")
                }
                offset += 1
                skipTrivia()
                let value = try value(depth: depth + 1)
                skipTrivia()
                guard peek() == .semicolon else {
                    throw PropertyListError(line: line, message: "unexpected \(describeCurrent()) after the value of \"\(key)\", expected ';'")
                }
                offset += 1
                entries.append(PropertyListDictionary.Entry(key: key, line: keyLine, value: value))
            }
        }

        mutating func array(depth: Int) throws(PropertyListError) -> PropertyList {
            let startLine = line
            offset += 1
            var elements: [PropertyList] = []
            while true {
                skipTrivia()
                guard let byte = peek() else {
                    throw PropertyListError(line: line, message: "unexpected end of file in the list opened at line \(startLine)")
                }
                if byte == .closeParenthesis {
                    offset += 1
                    return .array(elements, line: startLine)
                }
                elements.append(try value(depth: depth + 1))
                skipTrivia()
                switch peek() {
                case .comma?: offset += 1
                case .closeParenthesis?: continue
                default:
                    throw PropertyListError(line: line, message: "unexpected \(describeCurrent()) in a list, expected ',' or ')'")
                }
            }
        }

        /// A quoted string, `<data>` (not as a key) or bare token; nil (nothing consumed) when
        /// none starts here.
        mutating func string(allowingData: Bool = true) throws(PropertyListError) -> String? {
            guard let byte = peek() else { return nil }
            if byte == .quote || byte == .apostrophe { return try quoted(byte) }
            if byte == .lessThan {
                guard allowingData else { return nil }
                let startLine = line, start = offset
                while offset < bytes.count, bytes[offset] != .greaterThan {
                    if bytes[offset] == .newline { line += 1 }
                    offset += 1
                }
                guard offset < bytes.count else {
                    throw PropertyListError(line: startLine, message: "unterminated <data>")
                }
                offset += 1
                return text(start, offset)
            }
            let start = offset
            while offset < bytes.count, Self.isBareTokenByte(bytes[offset]) {
                if bytes[offset] == .slash, peek(1) == .asterisk { break }
                offset += 1
            }
            return offset > start ? text(start, offset) : nil
        }

        /// Bytes a bare token may hold: anything but whitespace and the format's punctuation.
        /// Wider than Xcode's own set (`[A-Za-z0-9_$+/:.-]`), so that hand-edited files still read.
        static func isBareTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case .space, .tab, .newline, .carriageReturn, 0x0B, 0x0C, .openBrace, .closeBrace, .openParenthesis,
                .closeParenthesis, .equals, .semicolon, .comma, .quote, .apostrophe, .lessThan, .greaterThan:
                false
            default:
                byte >= 0x20
            }
        }

        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// A quoted string at its opening `delimiter`, escapes resolved.
        mutating func quoted(_ delimiter: UInt8) throws(PropertyListError) -> String {
            let startLine = line
            offset += 1
            let start = offset
            // Most strings have no escape: slice them directly.
            while offset < bytes.count, bytes[offset] != delimiter, bytes[offset] != .backslash {
                if bytes[offset] == .newline { line += 1 }
                offset += 1
            }
            guard offset < bytes.count else { throw PropertyListError(line: startLine, message: "unterminated quoted string") }
            if bytes[offset] == delimiter {
                offset += 1
                return text(start, offset - 1)
            }
            var buffer = Array(bytes[start..<offset])
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == delimiter {
                    offset += 1
                    return String(decoding: buffer, as: UTF8.self)
                }
                if byte == .newline { line += 1 }
                if byte != .backslash {
                    buffer.append(byte)
                    offset += 1
                    continue
                }
                offset += 1
                guard offset < bytes.count else { break }
                unescape(into: &buffer)
            }
            throw PropertyListError(line: startLine, message: "unterminated quoted string")
        }

        /// The escape after a `\` (at `offset`): what it stands for, appended to `buffer`.
        mutating func unescape(into buffer: inout [UInt8]) {
            let escaped = bytes[offset]
            offset += 1
            switch escaped {
            case UInt8(ascii: "n"): buffer.append(.newline)
            case UInt8(ascii: "t"): buffer.append(.tab)
            case UInt8(ascii: "r"): buffer.append(.carriageReturn)
            case UInt8(ascii: "a"): buffer.append(0x07)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "v"): buffer.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var scalar: UInt32 = 0, digits = 0
                while digits < 4, let digit = peek().flatMap(Self.hexValue) {
                    scalar = scalar * 16 + digit
                    offset += 1
                    digits += 1
                }
                append(scalar: digits > 0 ? scalar : UInt32(escaped), to: &buffer)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var scalar = UInt32(escaped - UInt8(ascii: "0")), digits = 1
                while digits < 3, let next = peek(), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "7") {
                    scalar = scalar * 8 + UInt32(next - UInt8(ascii: "0"))
                    offset += 1
                    digits += 1
                }
                append(scalar: scalar, to: &buffer)
            case .newline:
                line += 1
                buffer.append(.newline)
            default:
                // `\"`, `\\`, `\'` and any other escaped character stand for themselves.
                buffer.append(escaped)
            }
        }

        func append(scalar: UInt32, to buffer: inout [UInt8]) {
            let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            buffer.append(contentsOf: Array(String(Character(value)).utf8))
        }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}

extension UInt8 {
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let asterisk = UInt8(ascii: "*")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let openParenthesis = UInt8(ascii: "(")
    fileprivate static let closeParenthesis = UInt8(ascii: ")")
    fileprivate static let equals = UInt8(ascii: "=")
    fileprivate static let semicolon = UInt8(ascii: ";")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let apostrophe = UInt8(ascii: "'")
    fileprivate static let lessThan = UInt8(ascii: "<")
    fileprivate static let greaterThan = UInt8(ascii: ">")
}
