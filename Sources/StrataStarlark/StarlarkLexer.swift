/// Splits Starlark source into tokens, with Python's indentation rules: INDENT and DEDENT
/// tokens around blocks, no line ends inside brackets or after a `\`. A tab in indentation
/// advances to the next multiple of 8 (as Python reads it); real BUILD files mix them in.
/// Nothing it does not understand stops it: a bad character or an unterminated string is a
/// diagnostic, and the rest of the file is still read.
package struct StarlarkLexer {
    let bytes: [UInt8]
    let file: String
    var index = 0
    var line = 1
    var tokens: [StarlarkToken] = []
    var diagnostics: [StarlarkDiagnostic] = []
    /// Open brackets, with the line each opened on: inside them, line ends are blank space.
    var brackets: [(byte: UInt8, line: Int)] = []
    var indents: [Int] = [0]

    static let keywords: Set<String> = [
        "and", "break", "continue", "def", "elif", "else", "for", "if", "in", "lambda", "load", "not", "or", "pass",
        "return",
    ]

    /// The tokens of `source`, ending with NEWLINE, the DEDENTs still open and END.
    package static func tokens(_ source: String, file: String) -> (tokens: [StarlarkToken], diagnostics: [StarlarkDiagnostic]) {
        var lexer = StarlarkLexer(bytes: Array(source.utf8), file: file)
        lexer.run()
        return (lexer.tokens, lexer.diagnostics)
    }

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    func peek(_ offset: Int = 0) -> UInt8 {
        let position = index + offset
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func emit(_ kind: StarlarkToken.Kind, line: Int? = nil) {
        tokens.append(StarlarkToken(kind, line: line ?? self.line))
    }

    mutating func report(_ message: String, line: Int? = nil) {
        diagnostics.append(StarlarkDiagnostic(.error, StarlarkLocation(file: file, line: line ?? self.line), message))
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    mutating func run() {
        var atLineStart = true
        while index < bytes.count {
            if atLineStart {
                atLineStart = false
                readIndentation()
                continue
            }
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                index += 1
                if brackets.isEmpty { endLine() }
                line += 1
                atLineStart = true
            case 0x20, 0x09, 0x0D, 0x0C: index += 1
            case 0x23: skipComment()
            case 0x5C where peek(1) == 0x0A || (peek(1) == 0x0D && peek(2) == 0x0A):
                // An explicit line joining: the next line continues this one.
                index += peek(1) == 0x0D ? 3 : 2
                line += 1
            default: readToken(byte)
            }
        }
        endLine()
        while indents.count > 1 {
            indents.removeLast()
            emit(.dedent)
        }
        emit(.end)
    }

    /// A NEWLINE, unless the logical line had no token.
    mutating func endLine() {
        guard let last = tokens.last else { return }
        switch last.kind {
        case .newline, .indent, .dedent: return
        default: emit(.newline, line: last.line)
        }
    }

    mutating func skipComment() {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    }

    /// Measures the indentation of a line and emits INDENT or DEDENTs; blank lines, comment
    /// lines and lines inside brackets have none.
    mutating func readIndentation() {
        var column = 0
        var position = index
        while position < bytes.count {
            switch bytes[position] {
            case 0x20: column += 1
            case 0x09: column = (column / 8 + 1) * 8
            case 0x0C: column = 0
            case 0x0D: break
            default: break
            }
            guard bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0C || bytes[position] == 0x0D else { break }
            position += 1
        }
        index = position
        guard position < bytes.count else { return }
        let first = bytes[position]
        if first == 0x0A || first == 0x23 || (first == 0x5C && peek(1) == 0x0A) { return }
        if !brackets.isEmpty {
            guard column == 0, startsStatement() else { return }
            // An unclosed bracket would swallow the rest of the file: a `def` or `load(` at
            // the left margin starts a new statement however the previous one ended.
            let opened = brackets[0]
            report("'\(Character(Unicode.Scalar(opened.byte)))' opened at line \(opened.line) is never closed")
            brackets.removeAll()
            endLine()
        }
        indent(to: column)
    }

    /// Whether the line starts with `def ` or `load(`.
    func startsStatement() -> Bool {
        for word in Self.statementStarts where index + word.count <= bytes.count && bytes[index..<index + word.count].elementsEqual(word) {
            return true
        }
        return false
    }

    static let statementStarts: [[UInt8]] = [Array("def ".utf8), Array("load(".utf8)]

    mutating func indent(to column: Int) {
        if column > indents[indents.count - 1] {
            indents.append(column)
            emit(.indent)
            return
        }
        while column < indents[indents.count - 1] {
            indents.removeLast()
            emit(.dedent)
        }
        if column != indents[indents.count - 1] {
            report("unindent does not match any outer indentation level")
            indents.append(column)
        }
    }

    mutating func readToken(_ byte: UInt8) {
        if Self.isIdentifierStart(byte) {
            if let prefixLength = stringPrefixLength(), peek(prefixLength) == 0x22 || peek(prefixLength) == 0x27 {
                let raw = bytes[index..<index + prefixLength].contains { $0 == 0x72 || $0 == 0x52 }
                index += prefixLength
                readString(raw: raw)
                return
            }
            readWord()
        } else if Self.isDigit(byte) || (byte == 0x2E && Self.isDigit(peek(1))) {
            readNumber()
        } else if byte == 0x22 || byte == 0x27 {
            readString(raw: false)
        } else {
            readPunctuation(byte)
        }
    }

    /// The length of a string prefix (`r`, `b`, `rb`, `br`) at the index, if any.
    func stringPrefixLength() -> Int? {
        let lower = { (byte: UInt8) -> UInt8 in byte | 0x20 }
        let first = lower(peek())
        guard first == 0x72 || first == 0x62 else { return nil }
        let second = lower(peek(1))
        if (second == 0x72 || second == 0x62) && second != first { return 2 }
        return 1
    }

    mutating func readWord() {
        let start = index
        while index < bytes.count, Self.isIdentifierStart(bytes[index]) || Self.isDigit(bytes[index]) { index += 1 }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        emit(Self.keywords.contains(word) ? .keyword(word) : .identifier(word))
    }

    static let punctuation: [String] = [
        "//=", "**=", "<<=", ">>=", "...",
        "==", "!=", "<=", ">=", "//", "**", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "->",
        "+", "-", "*", "/", "%", "<", ">", "=", ".", ",", ":", ";", "(", ")", "[", "]", "{", "}", "&", "|", "^", "~", "@",
    ]

    /// The punctuation's bytes, longest first, read once.
    static let punctuationBytes: [(text: String, bytes: [UInt8])] = punctuation.map { ($0, Array($0.utf8)) }

    mutating func readPunctuation(_ byte: UInt8) {
        for (text, utf8) in Self.punctuationBytes where utf8[0] == byte && index + utf8.count <= bytes.count {
            guard utf8.count == 1 || (bytes[index + 1] == utf8[1] && (utf8.count == 2 || bytes[index + 2] == utf8[2])) else { continue }
            index += utf8.count
            trackBracket(byte, single: utf8.count == 1)
            emit(.punct(text))
            return
        }
        let scalar = byte < 0x80 ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
        report("unexpected character \(scalar)")
        index += 1
    }

    mutating func trackBracket(_ byte: UInt8, single: Bool) {
        guard single else { return }
        switch byte {
        case 0x28, 0x5B, 0x7B: brackets.append((byte, line))
        case 0x29, 0x5D, 0x7D:
            if brackets.isEmpty { report("unmatched '\(Character(Unicode.Scalar(byte)))'") } else { brackets.removeLast() }
        default: break
        }
    }
}
