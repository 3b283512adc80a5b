/// One token of the Ruby that podspecs and Podfiles are written in, with its line.
package struct RubyToken: Equatable {
    package enum Kind: Equatable {
        /// `pod`, `s`, `use_frameworks!`, `empty?`, `@ivar`.
        case identifier(String)
        /// `Pod`, `ENV`: names that start with a capital letter.
        case constant(String)
        /// `do`, `end`, `if`, `def`, `nil`, `true`, ...
        case keyword(String)
        /// `path:` in `pod 'A', path: '..'`, and `"name":` (Ruby hash keys, and so JSON keys).
        case label(String)
        case string([RubyStringPart])
        /// `:static`, `:"name"`.
        case symbol(String)
        case number(String)
        /// `%w[a b]` and `%i[a b]`.
        case words([String])
        /// A regular expression literal; its text is never needed.
        case regex
        /// Operators and punctuation: `(`, `=>`, `::`, `.`, `&.`, `||=`, ...
        case punct(String)
        /// The end of a statement: a newline or `;`.
        case newline
        case end
    }

    package var kind: Kind
    package var line: Int
    /// Whether blank space separates the token from the previous one: Ruby reads
    /// `foo [1]` (an argument) and `foo[1]` (an index) differently.
    package var spaceBefore: Bool
}

/// A piece of a string literal: text, or `#{code}` to evaluate.
package enum RubyStringPart: Equatable {
    case text(String)
    case code(String, line: Int)
}

/// Splits Ruby source into tokens. It knows the lexical forms manifests use (strings with
/// interpolation, heredocs, `%w[]`, symbols, labels, comments, `=begin`/`=end`, regex
/// literals) well enough that nothing it does not understand can hide the rest of the file.
package struct RubyLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var tokens: [RubyToken] = []
    /// Heredocs opened on the current line: their bodies start on the next one.
    private var pendingHeredocs: [(token: Int, terminator: [UInt8], squiggly: Bool, dash: Bool, interpolates: Bool)] = []

    static let keywords: Set<String> = [
        "do", "end", "if", "unless", "else", "elsif", "then", "def", "while", "until", "case", "when", "begin",
        "rescue", "ensure", "return", "class", "module", "for", "in", "and", "or", "not", "yield", "nil", "true",
        "false", "self", "next", "break", "redo", "retry", "super", "alias", "undef", "defined?",
    ]

    package static func tokens(_ source: [UInt8], firstLine: Int = 1) -> [RubyToken] {
        var lexer = RubyLexer(bytes: source)
        lexer.line = firstLine
        lexer.run()
        return lexer.tokens
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func peek(_ offset: Int = 0) -> UInt8 {
        let position = index + offset
        return position < bytes.count ? bytes[position] : 0
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// Whether the previous token ends a value, so that `/`, `%`, `<<`, `[` and `:` that
    /// follow are operators rather than the start of a literal.
    private var afterValue: Bool {
        guard let last = tokens.last else { return false }
        switch last.kind {
        case .identifier, .constant, .string, .symbol, .number, .words, .regex: return true
        case .keyword(let word): return ["end", "self", "nil", "true", "false"].contains(word)
        case .punct(let text): return text == ")" || text == "]" || text == "}"
        default: return false
        }
    }

    private mutating func emit(_ kind: RubyToken.Kind, line: Int? = nil, space: Bool) {
        tokens.append(RubyToken(kind: kind, line: line ?? self.line, spaceBefore: space))
    }

    private mutating func run() {
        var space = true
        var lineStart = true
        while index < bytes.count {
            let byte = bytes[index]
            if lineStart {
                lineStart = false
                if startsLine(with: "=begin") {
                    skipBlockComment()
                    lineStart = true
                    continue
                }
                if startsLine(with: "__END__") { break }
            }
            switch byte {
            case 0x0A:  // newline
                emit(.newline, space: space)
                index += 1
                line += 1
                readHeredocBodies()
                space = true
                lineStart = true
                continue
            case 0x3B:  // ;
                emit(.newline, space: space)
                index += 1
            case _ where Self.isSpace(byte):
                index += 1
                space = true
                continue
            case 0x5C where peek(1) == 0x0A:  // backslash-newline: the statement goes on
                index += 2
                line += 1
                space = true
                continue
            case 0x23:  // # comment
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            case 0x22, 0x27, 0x60:  // " ' `
                index += 1
                let start = line
                let parts = readQuoted(until: byte, open: nil, interpolates: byte != 0x27)
                if peek() == 0x3A, peek(1) != 0x3A, byte != 0x60 {  // "key": value
                    index += 1
                    emit(.label(Self.text(of: parts)), line: start, space: space)
                } else {
                    emit(.string(parts), line: start, space: space)
                }
            case 0x3A where peek(1) == 0x3A:  // ::
                index += 2
                emit(.punct("::"), space: space)
            case 0x3A where peek(1) == 0x22 || peek(1) == 0x27:  // :"symbol"
                let quote = peek(1)
                index += 2
                emit(.symbol(Self.text(of: readQuoted(until: quote, open: nil, interpolates: quote == 0x22))), space: space)
            case 0x3A where Self.isIdentifierStart(peek(1)):  // :symbol
                index += 1
                emit(.symbol(readIdentifier(allowSuffix: true)), space: space)
            case 0x25 where percentLiteralFollows(space: space):
                readPercentLiteral(space: space)
            case 0x2F where !afterValue || (space && peek(1) != 0x20 && peek(1) != 0x3D):  // /regex/
                index += 1
                skipRegex(until: 0x2F, open: nil)
                emit(.regex, space: space)
            case 0x3C where peek(1) == 0x3C && heredocFollows(space: space):
                readHeredocStart(space: space)
            case 0x3F where !afterValue && Self.isIdentifierByte(peek(1)) && !Self.isIdentifierByte(peek(2)):  // ?a
                emit(.string([.text(String(decoding: [peek(1)], as: UTF8.self))]), space: space)
                index += 2
            case _ where Self.isDigit(byte):
                let start = index
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) || (bytes[index] == 0x2E && Self.isDigit(peek(1))) {
                    index += 1
                }
                emit(.number(String(decoding: bytes[start..<index], as: UTF8.self)), space: space)
            case 0x40, 0x24:  // @ivar, $global
                let start = index
                index += 1
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) || bytes[index] == 0x40 { index += 1 }
                emit(.identifier(String(decoding: bytes[start..<index], as: UTF8.self)), space: space)
            case _ where Self.isIdentifierStart(byte):
                let word = readIdentifier(allowSuffix: true)
                let afterDot = tokens.last.map { $0.kind == .punct(".") || $0.kind == .punct("&.") } ?? false
                if peek() == 0x3A, peek(1) != 0x3A, !afterDot, !word.hasSuffix("?") {
                    index += 1
                    emit(.label(word), space: space)
                } else if word == "defined" && peek() == 0x3F {
                    index += 1
                    emit(.keyword("defined?"), space: space)
                } else if !afterDot, Self.keywords.contains(word) {
                    emit(.keyword(word), space: space)
                } else if let first = word.utf8.first, first >= 0x41, first <= 0x5A {
                    emit(.constant(word), space: space)
                } else {
                    emit(.identifier(word), space: space)
                }
            default:
                emit(.punct(readOperator()), space: space)
            }
            space = false
        }
        emit(.newline, space: true)
        emit(.end, space: true)
    }

    private func startsLine(with word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return false }
        let after = peek(utf8.count)
        return after == 0 || after == 0x0A || Self.isSpace(after)
    }

    private mutating func skipBlockComment() {
        while index < bytes.count {
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            if index < bytes.count { index += 1; line += 1 }
            if startsLine(with: "=end") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                return
            }
        }
    }

    /// A name with an optional `?` or `!` (not when it starts `!=` or `?:`).
    private mutating func readIdentifier(allowSuffix: Bool) -> String {
        let start = index
        while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
        if allowSuffix, peek() == 0x21 || peek() == 0x3F, peek(1) != 0x3D, !(peek() == 0x3F && peek(1) == 0x3A) {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static let operators: [String] = [
        "**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=",
        "=>", "==", "!=", "=~", "!~", ">=", "<=", "&&", "||", "<<", ">>", "+=", "-=", "*=", "/=", "|=", "&=",
        "**", "..", "&.", "->",
    ]

    private mutating func readOperator() -> String {
        for candidate in Self.operators {
            let utf8 = Array(candidate.utf8)
            if index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 {
                index += utf8.count
                return candidate
            }
        }
        let byte = bytes[index]
        index += 1
        return String(decoding: [byte], as: UTF8.self)
    }

    package static func text(of parts: [RubyStringPart]) -> String {
        parts.map {
            switch $0 {
            case .text(let text): text
            case .code(let code, _): "#{\(code)}"
            }
        }.joined()
    }

    private static func closing(_ open: UInt8) -> UInt8 {
        switch open {
        case 0x28: 0x29  // ( )
        case 0x5B: 0x5D  // [ ]
        case 0x7B: 0x7D  // { }
        case 0x3C: 0x3E  // < >
        default: open
        }
    }

    /// Reads up to the closing delimiter (nested pairs counted when `open` is given),
    /// with escapes, and `#{}` parts when the literal interpolates.
    private mutating func readQuoted(until close: UInt8, open: UInt8?, interpolates: Bool) -> [RubyStringPart] {
        var parts: [RubyStringPart] = []
        var text: [UInt8] = []
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x5C, index + 1 < bytes.count {  // backslash
                let next = bytes[index + 1]
                if interpolates {
                    switch next {
                    case 0x6E: text.append(0x0A)
                    case 0x74: text.append(0x09)
                    case 0x0A: line += 1
                    default: text.append(next)
                    }
                } else if next == close || next == 0x5C || (open != nil && next == open) {
                    text.append(next)
                } else {
                    text += [byte, next]
                    if next == 0x0A { line += 1 }
                }
                index += 2
                continue
            }
            if let open, byte == open {
                depth += 1
            } else if byte == close {
                if depth == 0 {
                    index += 1
                    break
                }
                depth -= 1
            }
            if interpolates, byte == 0x23, peek(1) == 0x7B {  // #{
                if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))); text = [] }
                index += 2
                let start = index, startLine = line
                var braces = 0
                while index < bytes.count {
                    let inner = bytes[index]
                    if inner == 0x0A { line += 1 }
                    if inner == 0x7B { braces += 1 }
                    if inner == 0x7D {
                        if braces == 0 { break }
                        braces -= 1
                    }
                    index += 1
                }
                parts.append(.code(String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self), line: startLine))
                index += 1
                continue
            }
            if byte == 0x0A { line += 1 }
            text.append(byte)
            index += 1
        }
        if !text.isEmpty || parts.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
        return parts
    }

    private mutating func skipRegex(until close: UInt8, open: UInt8?) {
        var inClass = false
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x5C { index += 2; continue }
            if byte == 0x0A { if open == nil { break }; line += 1 }
            if byte == 0x5B { inClass = true } else if byte == 0x5D { inClass = false }
            if !inClass {
                if let open, byte == open { depth += 1 } else if byte == close {
                    if depth == 0 { index += 1; break }
                    depth -= 1
                }
            }
            index += 1
        }
        while index < bytes.count, Self.isIdentifierStart(bytes[index]) { index += 1 }  // flags
    }

    private func percentLiteralFollows(space: Bool) -> Bool {
        let next = peek(1)
        let kinds: Set<UInt8> = Set("wWiIqQrs".utf8)
        let delimiters: Set<UInt8> = Set("([{<|!/^".utf8)
        if kinds.contains(next), delimiters.contains(peek(2)) { return !afterValue || space }
        if delimiters.contains(next) { return !afterValue || (space && peek(2) != 0x20) }
        return false
    }

    private mutating func readPercentLiteral(space: Bool) {
        index += 1
        var kind: UInt8 = 0x51  // Q
        if Self.isIdentifierStart(peek()) {
            kind = peek()
            index += 1
        }
        let open = peek()
        let close = Self.closing(open)
        index += 1
        let start = line
        switch kind {
        case 0x72:  // %r
            skipRegex(until: close, open: close == open ? nil : open)
            emit(.regex, line: start, space: space)
        case 0x77, 0x57, 0x69, 0x49:  // %w %W %i %I
            let text = Self.text(of: readQuoted(until: close, open: close == open ? nil : open, interpolates: false))
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
            emit(.words(words), line: start, space: space)
        case 0x73:  // %s
            emit(.symbol(Self.text(of: readQuoted(until: close, open: close == open ? nil : open, interpolates: false))), line: start, space: space)
        default:
            let parts = readQuoted(until: close, open: close == open ? nil : open, interpolates: kind != 0x71)
            emit(.string(parts), line: start, space: space)
        }
    }

    /// `<<~EOS`, `<<-EOS`, `<<EOS` and quoted forms, but not `list << item`.
    private func heredocFollows(space: Bool) -> Bool {
        var offset = 2
        if peek(offset) == 0x7E || peek(offset) == 0x2D { offset += 1 }
        let first = peek(offset)
        let opensName = first == 0x27 || first == 0x22 || (first >= 0x41 && first <= 0x5A) || first == 0x5F
            || (offset == 3 && Self.isIdentifierStart(first))
        return opensName && (!afterValue || space)
    }

    private mutating func readHeredocStart(space: Bool) {
        index += 2
        var squiggly = false, dash = false
        if peek() == 0x7E { squiggly = true; index += 1 } else if peek() == 0x2D { dash = true; index += 1 }
        var interpolates = true
        var terminator: [UInt8]
        if peek() == 0x27 || peek() == 0x22 {
            let quote = peek()
            interpolates = quote == 0x22
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote, bytes[index] != 0x0A { index += 1 }
            terminator = Array(bytes[start..<index])
            if peek() == quote { index += 1 }
        } else {
            let start = index
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
            terminator = Array(bytes[start..<index])
        }
        pendingHeredocs.append((tokens.count, terminator, squiggly, dash, interpolates))
        emit(.string([.text("")]), space: space)
    }

    /// Called at the start of a line: consumes the bodies of the heredocs opened on the
    /// line before and puts their text into their tokens.
    private mutating func readHeredocBodies() {
        let pending = pendingHeredocs
        pendingHeredocs = []
        for heredoc in pending {
            var bodyLines: [[UInt8]] = []
            let firstLine = line
            // An unterminated heredoc takes the rest of the file, as Ruby reads it.
            while index < bytes.count {
                let start = index
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                let content = Array(bytes[start..<index])
                if index < bytes.count { index += 1 }
                line += 1
                let trimmed = (heredoc.squiggly || heredoc.dash) ? Array(content.drop(while: Self.isSpace)) : content
                if Array(trimmed.reversed().drop(while: Self.isSpace).reversed()) == heredoc.terminator { break }
                bodyLines.append(content)
            }
            if heredoc.squiggly {
                // `<<~` removes the indentation of the least indented line that is not blank.
                let indents = bodyLines.filter { !$0.allSatisfy(Self.isSpace) }.map { $0.prefix(while: Self.isSpace).count }
                let indent = indents.min() ?? 0
                bodyLines = bodyLines.map { Array($0.dropFirst(min(indent, $0.prefix(while: Self.isSpace).count))) }
            }
            var text = bodyLines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
            if !bodyLines.isEmpty { text += "\n" }
            let parts: [RubyStringPart] = heredoc.interpolates
                ? Self.interpolatedParts(text, firstLine: firstLine) : [.text(text)]
            tokens[heredoc.token].kind = .string(parts)
        }
    }

    /// The `#{}` parts of an interpolating heredoc body.
    private static func interpolatedParts(_ text: String, firstLine: Int) -> [RubyStringPart] {
        var lexer = RubyLexer(bytes: Array(text.utf8))
        lexer.line = firstLine
        // Read as if quoted by a byte that never occurs, so only escapes and #{} matter.
        return lexer.readQuoted(until: 0x00, open: nil, interpolates: true)
    }
}
