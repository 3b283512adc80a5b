/// Splits a header into tokens in one pass, each byte looked at once: comments dropped,
/// preprocessor lines kept whole as one token each (continuations joined), string and character
/// literals ended at their line's end when never closed. Bytes it does not know are skipped.
public enum HeaderLexer {
    /// The tokens of `bytes`, at most `limit`; `truncated` when there were more.
    /// - Parameter directives: false lexes a preprocessor line's own text, where `#` is an
    ///   operator (`#x`, `a ## b`).
    public static func tokens(_ bytes: [UInt8], directives: Bool = true, limit: Int = HeaderLimits.fileTokens) -> (tokens: [HeaderToken], truncated: Bool) {
        var lexing = Lexing(bytes, directives: directives)
        while lexing.index < lexing.count {
            if lexing.tokens.count >= limit { return (lexing.tokens, true) }
            lexing.next()
        }
        return (lexing.tokens, false)
    }
}

/// The lexer's place in a header: the tokens so far, the byte and line it is at.
private struct Lexing {
    let bytes: [UInt8]
    let count: Int
    let directives: Bool
    var tokens: [HeaderToken] = []
    var index = 0
    var line = 1
    /// Whether only blanks and comments came since the line began: where `#` starts a directive.
    var lineStart = true

    init(_ bytes: [UInt8], directives: Bool) {
        self.bytes = bytes
        count = bytes.count
        self.directives = directives
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            return true
        default: return false
        }
    }

    mutating func append(_ kind: HeaderToken.Kind, from start: Int) {
        tokens.append(HeaderToken(kind, text(start..<index), line: line))
    }

    /// Past what starts at `index`: a blank, a comment, a directive, or one token.
    mutating func next() {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\n"):
            line += 1
            lineStart = true
            index += 1
            return
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
            index += 1
            return
        case UInt8(ascii: "\\") where index + 1 < count && (bytes[index + 1] == UInt8(ascii: "\n") || bytes[index + 1] == UInt8(ascii: "\r")):
            // A continuation outside a directive joins nothing worth a token.
            index += 1
            return
        case UInt8(ascii: "/") where skipComment():
            return
        case UInt8(ascii: "#") where directives && lineStart:
            directive()
            return
        default:
            break
        }
        lineStart = false
        if Self.isIdentifierByte(byte), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            identifier()
        } else {
            symbol(byte)
        }
    }

    /// Past a comment starting at `index` (`//` or `/*`); false when none starts there.
    mutating func skipComment() -> Bool {
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
    mutating func skipQuoted() {
        let quote = bytes[index]
        index += 1
        while index < count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\n") {
            index += bytes[index] == UInt8(ascii: "\\") && index + 1 < count && bytes[index + 1] != UInt8(ascii: "\n") ? 2 : 1
        }
        if index < count, bytes[index] == quote { index += 1 }
    }

    /// A preprocessing number: digits, letters, `_`, `.`, and a sign after an exponent.
    mutating func number() {
        while index < count {
            let byte = bytes[index]
            if Self.isIdentifierByte(byte) || byte == UInt8(ascii: ".") {
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

    /// The directive whose `#` is at `index`: its text to the end of the line, over
    /// `\`-newlines and comments, as one token.
    mutating func directive() {
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
    }

    /// An identifier, or a prefixed literal: `L"…"`, `u8"…"`, `U'…'`.
    mutating func identifier() {
        let start = index
        while index < count, Self.isIdentifierByte(bytes[index]) { index += 1 }
        if index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"),
            ["L", "u", "U", "u8"].contains(text(start..<index))
        {
            let kind: HeaderToken.Kind = bytes[index] == UInt8(ascii: "\"") ? .string : .character
            skipQuoted()
            append(kind, from: start)
        } else {
            append(.identifier, from: start)
        }
    }

    /// What starts with any other byte: a number, a literal, an `@` keyword or string, or
    /// punctuation; a control byte is skipped.
    mutating func symbol(_ byte: UInt8) {
        let start = index
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            number()
            append(.number, from: start)
        case UInt8(ascii: ".") where index + 1 < count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1]):
            number()
            append(.number, from: start)
        case UInt8(ascii: "\""):
            skipQuoted()
            append(.string, from: start)
        case UInt8(ascii: "'"):
            skipQuoted()
            append(.character, from: start)
        case UInt8(ascii: "@"):
            atSign()
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
            append(.punctuation, from: start)
        default:
            // A control byte: skipped.
            index += 1
        }
    }

    /// Objective-C's `@`: a string (`@"…"`), a keyword (`@interface`), or `@` alone.
    mutating func atSign() {
        let start = index
        index += 1
        if index < count, bytes[index] == UInt8(ascii: "\"") {
            skipQuoted()
            append(.string, from: start)
        } else if index < count, Self.isIdentifierByte(bytes[index]) {
            while index < count, Self.isIdentifierByte(bytes[index]) { index += 1 }
            tokens.append(HeaderToken(.atKeyword, text(start + 1..<index), line: line))
        } else {
            tokens.append(HeaderToken(.punctuation, "@", line: line))
        }
    }
}
