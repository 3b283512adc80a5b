/// Splits a header into tokens in one pass, each byte looked at once: comments dropped,
/// preprocessor lines kept whole as one token each (continuations joined), string and character
/// literals ended at their line's end when never closed. Bytes it does not know are skipped.
public enum HeaderLexer {
    /// The tokens of `bytes`, at most `limit`; `truncated` when there were more.
    /// - Parameter directives: false lexes a preprocessor line's own text, where `#` is an
    ///   operator (`#x`, `a ## b`).
    public static func tokens(_ bytes: [UInt8], directives: Bool = true, limit: Int = HeaderLimits.fileTokens) -> (tokens: [HeaderToken], truncated: Bool) {
        var tokens: [HeaderToken] = []
        var index = 0, line = 1
        let count = bytes.count
        /// Whether only blanks and comments came since the line began: where `#` starts a directive.
        var lineStart = true

        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
                return true
            default: return false
            }
        }
        /// Past a comment starting at `index` (`//` or `/*`); false when none starts there.
        func skipComment() -> Bool {
            guard index + 1 < count, bytes[index] == UInt8(ascii: "/") else { return false }
            if bytes[index + 1] == UInt8(ascii: "/") {
                // A line comment ends at a newline not escaped by `\`.
                index += 2
                while index < count, bytes[index] != UInt8(ascii: "\n") || bytes[index - 1] == UInt8(ascii: "\\") {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                return true
            }
            if bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                index = min(count, index + 2)
                return true
            }
            return false
        }
        /// Past a quoted literal whose quote is at `index`: its closing quote, else the line's end.
        func skipQuoted() {
            let quote = bytes[index]
            index += 1
            while index < count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\n") {
                index += bytes[index] == UInt8(ascii: "\\") && index + 1 < count && bytes[index + 1] != UInt8(ascii: "\n") ? 2 : 1
            }
            if index < count, bytes[index] == quote { index += 1 }
        }

        /// A preprocessing number: digits, letters, `_`, `.`, and a sign after an exponent.
        func number() {
            while index < count {
                let byte = bytes[index]
                if isIdentifierByte(byte) || byte == UInt8(ascii: ".") {
                    index += 1
                } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
                    [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(bytes[index - 1])
                {
                    index += 1
                } else {
                    break
                }
            }
        }

        while index < count {
            if tokens.count >= limit { return (tokens, true) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = true
                index += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
                continue
            case UInt8(ascii: "\\") where index + 1 < count && (bytes[index + 1] == UInt8(ascii: "\n") || bytes[index + 1] == UInt8(ascii: "\r")):
                // A continuation outside a directive joins nothing worth a token.
                index += 1
                continue
            case UInt8(ascii: "/") where skipComment():
                continue
            case UInt8(ascii: "#") where directives && lineStart:
                // The directive's text: to the end of the line, over `\`-newlines and comments.
                let first = line
                index += 1
                var text: [UInt8] = []
                while index < count, bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") || bytes[index + 1] == UInt8(ascii: "\r") {
                        index += bytes[index + 1] == UInt8(ascii: "\r") && index + 2 < count && bytes[index + 2] == UInt8(ascii: "\n") ? 3 : 2
                        line += 1
                        text.append(UInt8(ascii: " "))
                        continue
                    }
                    if bytes[index] == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") || bytes[index + 1] == UInt8(ascii: "/") {
                        // A comment is a blank, even one over lines; a line comment ends the directive.
                        _ = skipComment()
                        text.append(UInt8(ascii: " "))
                        continue
                    }
                    if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                        let start = index
                        skipQuoted()
                        text += bytes[start..<index]
                        continue
                    }
                    text.append(bytes[index])
                    index += 1
                }
                tokens.append(HeaderToken(.directive, String(decoding: text, as: UTF8.self), line: first))
                continue
            default:
                break
            }
            lineStart = false
            let start = index
            if isIdentifierByte(byte), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                while index < count, isIdentifierByte(bytes[index]) { index += 1 }
                // A prefixed literal: L"…", u8"…", U'…'.
                if index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"),
                    ["L", "u", "U", "u8"].contains(text(start..<index))
                {
                    let kind: HeaderToken.Kind = bytes[index] == UInt8(ascii: "\"") ? .string : .character
                    skipQuoted()
                    tokens.append(HeaderToken(kind, text(start..<index), line: line))
                } else {
                    tokens.append(HeaderToken(.identifier, text(start..<index), line: line))
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                number()
                tokens.append(HeaderToken(.number, text(start..<index), line: line))
            case UInt8(ascii: ".") where index + 1 < count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1]):
                number()
                tokens.append(HeaderToken(.number, text(start..<index), line: line))
            case UInt8(ascii: "\""):
                skipQuoted()
                tokens.append(HeaderToken(.string, text(start..<index), line: line))
            case UInt8(ascii: "'"):
                skipQuoted()
                tokens.append(HeaderToken(.character, text(start..<index), line: line))
            case UInt8(ascii: "@"):
                index += 1
                if index < count, bytes[index] == UInt8(ascii: "\"") {
                    skipQuoted()
                    tokens.append(HeaderToken(.string, text(start..<index), line: line))
                } else if index < count, isIdentifierByte(bytes[index]) {
                    while index < count, isIdentifierByte(bytes[index]) { index += 1 }
                    tokens.append(HeaderToken(.atKeyword, text(start + 1..<index), line: line))
                } else {
                    tokens.append(HeaderToken(.punctuation, "@", line: line))
                }
            case UInt8(ascii: ":") where index + 1 < count && bytes[index + 1] == UInt8(ascii: ":"):
                index += 2
                tokens.append(HeaderToken(.punctuation, "::", line: line))
            case UInt8(ascii: ".") where index + 2 < count && bytes[index + 1] == UInt8(ascii: ".") && bytes[index + 2] == UInt8(ascii: "."):
                index += 3
                tokens.append(HeaderToken(.punctuation, "...", line: line))
            case UInt8(ascii: "#") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "#"):
                index += 2
                tokens.append(HeaderToken(.punctuation, "##", line: line))
            case 0x21...0x7E:
                index += 1
                tokens.append(HeaderToken(.punctuation, text(start..<index), line: line))
            default:
                // A control byte: skipped.
                index += 1
            }
        }
        return (tokens, false)
    }
}
