/// Numbers and strings: every form the Starlark spec has, read into their values.
extension StarlarkLexer {
    mutating func readNumber() {
        let start = index
        if peek() == 0x30, let base = radix(of: peek(1)) {
            index += 2
            let digitsStart = index
            while index < bytes.count, Self.isAlphanumeric(bytes[index]) || bytes[index] == 0x5F { index += 1 }
            let digits = String(decoding: bytes[digitsStart..<index], as: UTF8.self).replacingUnderscores()
            if let value = Int(digits, radix: base) {
                emit(.int(value))
            } else {
                report("invalid or too large a number '\(String(decoding: bytes[start..<index], as: UTF8.self))'")
                emit(.int(0))
            }
            return
        }
        var isFloat = false
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isDigit(byte) || byte == 0x5F {
                index += 1
            } else if byte == 0x2E && !isFloat {
                isFloat = true
                index += 1
            } else if (byte | 0x20) == 0x65, Self.isDigit(peek(1)) || ((peek(1) == 0x2B || peek(1) == 0x2D) && Self.isDigit(peek(2))) {
                isFloat = true
                index += 2
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self).replacingUnderscores()
        if isFloat {
            emit(.float(Double(text) ?? 0))
        } else if let value = Int(text) {
            emit(.int(value))
        } else {
            report("integer '\(text)' is too large")
            emit(.int(0))
        }
    }

    func radix(of byte: UInt8) -> Int? {
        switch byte | 0x20 {
        case 0x78: 16
        case 0x6F: 8
        case 0x62: 2
        default: nil
        }
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    /// A string literal at the index, its quote included; `raw` keeps backslashes as they are.
    mutating func readString(raw: Bool) {
        let quote = bytes[index]
        let startLine = line
        let triple = peek(1) == quote && peek(2) == quote
        index += triple ? 3 : 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else {
                report("unterminated string", line: startLine)
                break
            }
            let byte = bytes[index]
            if byte == quote && (!triple || (peek(1) == quote && peek(2) == quote)) {
                index += triple ? 3 : 1
                break
            }
            if byte == 0x0A {
                guard triple else {
                    report("unterminated string", line: startLine)
                    break
                }
                line += 1
            }
            if byte == 0x5C {
                readEscape(into: &text, raw: raw)
                continue
            }
            text.append(byte)
            index += 1
        }
        emit(.string(String(decoding: text, as: UTF8.self)), line: startLine)
    }

    /// One backslash sequence; in a raw string it stays as written (the quote it protects
    /// does not end the string).
    mutating func readEscape(into text: inout [UInt8], raw: Bool) {
        let next = peek(1)
        if raw {
            text.append(0x5C)
            index += 1
            if next != 0 {
                text.append(next)
                index += 1
                if next == 0x0A { line += 1 }
            }
            return
        }
        index += 2
        switch next {
        case 0x6E: text.append(0x0A)
        case 0x74: text.append(0x09)
        case 0x72: text.append(0x0D)
        case 0x61: text.append(0x07)
        case 0x62: text.append(0x08)
        case 0x66: text.append(0x0C)
        case 0x76: text.append(0x0B)
        case 0x5C, 0x27, 0x22: text.append(next)
        case 0x0A: line += 1  // the line continues
        case 0x78: appendScalar(digits: 2, radix: 16, into: &text)
        case 0x75: appendScalar(digits: 4, radix: 16, into: &text)
        case 0x55: appendScalar(digits: 8, radix: 16, into: &text)
        case 0x30...0x37:
            index -= 1
            appendScalar(digits: 3, radix: 8, into: &text, octal: true)
        default:
            // Starlark rejects an unknown escape; Python keeps it. Keeping it loses nothing.
            text.append(0x5C)
            if next != 0 { text.append(next) }
        }
    }

    mutating func appendScalar(digits: Int, radix: Int, into text: inout [UInt8], octal: Bool = false) {
        var value: UInt32 = 0
        var read = 0
        while read < digits, index < bytes.count, let digit = Int(String(Character(Unicode.Scalar(bytes[index]))), radix: radix) {
            value = value * UInt32(radix) + UInt32(digit)
            index += 1
            read += 1
        }
        if read == 0 || (!octal && read < digits) { report("invalid escape in string") }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        text.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
}

extension String {
    /// `1_000` is `1000`.
    func replacingUnderscores() -> String { filter { $0 != "_" } }
}
