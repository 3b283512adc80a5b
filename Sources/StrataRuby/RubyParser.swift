/// Parses the subset of Ruby that podspecs and Podfiles use into statements and expressions.
///
/// Understood: method calls with and without parentheses, `do`/`{}` blocks with parameters,
/// trailing `key => value` and `key:` options, assignments, `def`, `if`/`unless`/`case`/
/// `while`/`begin` (and modifier forms), arrays, hashes, the usual operators, ternaries and
/// leading-dot method chains. A statement it cannot read becomes `.unreadable` with its line,
/// and parsing resumes on the next line, so one odd construct never hides the rest.
package struct RubyParser {
    let tokens: [RubyToken]
    var position = 0
    /// Off while reading a `while`/`until`/`for` header, whose `do` is not a block.
    var allowDoBlock = true
    /// Assignments found inside the statement just read, run after it.
    var pending: [RubyStatement] = []
    /// How deep statements, expressions and operator chains are nested at this point.
    var depth = 0

    /// The deepest nesting read: the parser and what evaluates its trees recurse once per
    /// level, so 10,000 nested parentheses must not overflow the stack. Manifests nest a
    /// handful of levels.
    static let maximumDepth = 256
    static let tooDeepMessage = "nesting too deep: more than \(maximumDepth) levels"

    struct Failure: Error {
        var message: String
        var line: Int
    }

    package static func parse(_ source: [UInt8]) -> [RubyStatement] {
        var parser = RubyParser(tokens: RubyLexer.tokens(source))
        return parser.program()
    }

    /// Parses the code of a `#{...}` interpolation, which starts on `line`.
    package static func expression(_ code: String, line: Int) -> RubyExpression? {
        var parser = RubyParser(tokens: RubyLexer.tokens(Array(code.utf8), firstLine: line))
        parser.skipNewlines()
        guard let expression = try? parser.expression() else { return nil }
        parser.skipNewlines()
        return parser.current.kind == .end ? expression : nil
    }

    init(tokens: [RubyToken]) {
        self.tokens = tokens
    }

    // MARK: - Tokens

    var current: RubyToken { tokens[min(position, tokens.count - 1)] }

    func peek(_ offset: Int) -> RubyToken { tokens[min(position + offset, tokens.count - 1)] }

    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    func isPunct(_ text: String) -> Bool { current.kind == .punct(text) }

    func isKeyword(_ word: String) -> Bool { current.kind == .keyword(word) }

    var atStatementEnd: Bool { current.kind == .newline || current.kind == .end }

    mutating func skipNewlines() {
        while current.kind == .newline { advance() }
    }

    mutating func expect(_ text: String, _ what: String) throws {
        guard isPunct(text) else { throw Failure(message: "expected `\(text)` \(what)", line: current.line) }
        advance()
    }

    /// One level deeper (callers restore `depth` on the way out); past `maximumDepth` the
    /// statement fails, and is skipped as any statement that cannot be read.
    mutating func descend() throws {
        depth += 1
        guard depth > Self.maximumDepth else { return }
        throw Failure(message: Self.tooDeepMessage, line: current.line)
    }

    mutating func expectEnd(_ opener: String, line: Int) throws {
        skipNewlines()
        guard isKeyword("end") else { throw Failure(message: "`\(opener)` without its `end`", line: line) }
        advance()
    }

    // MARK: - Statements

    private mutating func program() -> [RubyStatement] {
        var result: [RubyStatement] = []
        while true {
            result += statements(until: [])
            guard current.kind != .end else { break }
            // A stray `end`, `else` or `}` at the top level: note it and go on.
            result.append(.unreadable("unexpected \(Self.describe(current))", line: current.line))
            advance()
        }
        return result
    }

    /// Statements up to one of `terminators` (keywords such as `end`, `else`, or `}`),
    /// which is left for the caller.
    mutating func statements(until terminators: Set<String>) -> [RubyStatement] {
        // A block inside a statement has statements of its own; the outer one's are kept.
        let outerPending = pending
        defer { pending = outerPending }
        var result: [RubyStatement] = []
        while true {
            skipNewlines()
            switch current.kind {
            case .end: return result
            case .keyword(let word) where terminators.contains(word) || Self.clauseKeywords.contains(word) || word == "end":
                return result
            case .punct("}") where terminators.contains("}"):
                return result
            case .punct("}"), .punct(")"), .punct("]"):
                if terminators.isEmpty { return result }
                result.append(.unreadable("unexpected \(Self.describe(current))", line: current.line))
                advance()
                continue
            default: break
            }
            let start = position
            pending = []
            do {
                let parsed = try statement()
                if !atStatementEnd, !isPunct("}"), !(current.kind == .keyword("end")), !isClauseKeyword {
                    throw Failure(message: "unexpected \(Self.describe(current))", line: current.line)
                }
                result.append(parsed)
                result += pending
                pending = []
            } catch let failure as Failure {
                let line = tokens[start].line
                result.append(.unreadable(failure.message, line: failure.line > 0 ? failure.line : line))
                recover(from: start, failedAt: position)
            } catch {}
        }
    }

    static let clauseKeywords: Set<String> = ["else", "elsif", "when", "rescue", "ensure", "in", "then"]

    var isClauseKeyword: Bool {
        if case .keyword(let word) = current.kind { return Self.clauseKeywords.contains(word) }
        return false
    }

    /// After a failed statement: skips past the point of failure to the end of its line, or
    /// past the `end` of the blocks the statement opened, without eating the `end` of the
    /// block around it.
    private mutating func recover(from start: Int, failedAt failure: Int) {
        // Failed at the end of the file: nothing is left to skip. (Scanning from `start`
        // again would end there too, once per unclosed block around it: quadratic.)
        if tokens[min(failure, tokens.count - 1)].kind == .end {
            position = failure
            return
        }
        position = start
        var depth = 0
        var lineStart = true
        var loopHeader = false  // the `do` of `while x do` opens nothing more
        while current.kind != .end {
            let token = current
            switch token.kind {
            case .newline where depth <= 0 && position >= failure:
                return
            case .newline:
                loopHeader = false
            case .keyword("do") where loopHeader:
                loopHeader = false
            case .keyword("do"), .keyword("def"), .keyword("class"), .keyword("module"), .keyword("case"),
                .keyword("begin"), .punct("{"), .punct("("), .punct("["):
                depth += 1
            case .keyword("if"), .keyword("unless"), .keyword("while"), .keyword("until"), .keyword("for"):
                if lineStart || position == start {
                    depth += 1
                    loopHeader = token.kind != .keyword("if") && token.kind != .keyword("unless")
                }
            case .keyword("end"), .punct("}"), .punct(")"), .punct("]"):
                if depth == 0 { return }
                depth -= 1
            default: break
            }
            lineStart = token.kind == .newline
            advance()
        }
    }

    private mutating func statement() throws -> RubyStatement {
        let entry = depth
        defer { depth = entry }
        try descend()
        var result = try baseStatement()
        // Modifiers: `pod 'A' if ENV['X']`, `x = 1 unless y`.
        while case .keyword(let word) = current.kind, ["if", "unless", "while", "until", "rescue"].contains(word) {
            let line = current.line
            advance()
            let condition = try expression()
            result = .conditional(keyword: word, clauses: [RubyClause(condition: condition, body: [result])], line: line)
        }
        return result
    }

    private mutating func baseStatement() throws -> RubyStatement {
        let line = current.line
        switch current.kind {
        case .keyword("def"): return try definition()
        case .keyword("if"), .keyword("unless"), .keyword("while"), .keyword("until"), .keyword("case"),
            .keyword("begin"), .keyword("for"):
            return try conditional()
        case .keyword("class"), .keyword("module"):
            let word = Self.text(of: current)
            advance()
            _ = statements(until: ["end"])
            skipClauses()
            try expectEnd(word, line: line)
            return .unreadable("\(word) definition", line: line)
        case .keyword("return"), .keyword("next"), .keyword("break"), .keyword("yield"), .keyword("redo"), .keyword("retry"):
            let word = Self.text(of: current)
            advance()
            if !atStatementEnd, !isKeyword("if"), !isKeyword("unless") { _ = try expression() }
            return .expression(.opaque(word, line: line))
        case .keyword("alias"), .keyword("undef"):
            while !atStatementEnd { advance() }
            return .expression(.opaque("alias", line: line))
        default:
            break
        }
        let target = try expression()
        if case .punct(let op) = current.kind, ["=", "+=", "-=", "*=", "||=", "&&=", "|=", "<<="].contains(op), Self.isAssignable(target) {
            advance()
            skipNewlines()
            var values = [try expression()]
            while isPunct(",") {
                advance()
                skipNewlines()
                var next = try expression()
                if isPunct("="), Self.isAssignable(next) {
                    // `a = "x",\n b = "y"` (a trailing comma): Ruby reads `b = "y"` as an element
                    // of the list that also assigns `b`.
                    advance()
                    skipNewlines()
                    let inner = try expression()
                    pending.append(.assignment(target: next, value: inner, operator: "=", line: next.line))
                    next = inner
                }
                values.append(next)
            }
            let value = values.count == 1 ? values[0] : .array(values, line: values[0].line)
            return .assignment(target: target, value: value, operator: op, line: line)
        }
        if isPunct(","), case .name = target {  // a, b = 1, 2
            while !atStatementEnd { advance() }
            return .unreadable("multiple assignment", line: line)
        }
        return .expression(target)
    }

    static func isAssignable(_ expression: RubyExpression) -> Bool {
        switch expression {
        case .name, .constant, .index: true
        case .call(let call): call.arguments.isEmpty && call.block == nil
        default: false
        }
    }

    mutating func skipClauses() {
        while isClauseKeyword {
            advance()
            _ = statements(until: ["end"])
        }
    }

    /// `def name(a, b = 1, *rest, key: 2, &block) ... end`, also `def self.name` and
    /// the one-line `def name = expr`.
    private mutating func definition() throws -> RubyStatement {
        let line = current.line
        advance()
        var name = Self.text(of: current)
        advance()
        while isPunct("."), !current.spaceBefore {  // def self.name
            advance()
            name = Self.text(of: current)
            advance()
        }
        var parameters: [String] = []
        let parenthesized = isPunct("(")
        if parenthesized { advance() }
        var depth = 0
        while current.kind != .end {
            if parenthesized, isPunct(")"), depth == 0 { advance(); break }
            if !parenthesized, atStatementEnd || isPunct("=") { break }
            switch current.kind {
            case .identifier(let text) where depth == 0 && !tokens[position - 1].kind.isDefaultMarker:
                parameters.append(text)
            case .label(let text) where depth == 0:
                parameters.append(text)
            case .punct("("), .punct("["), .punct("{"): depth += 1
            case .punct(")"), .punct("]"), .punct("}"): depth -= 1
            default: break
            }
            advance()
        }
        if isPunct("=") {  // def name = expression
            advance()
            skipNewlines()
            let value = try expression()
            return .method(name: name, parameters: parameters, body: [.expression(value)])
        }
        let body = statements(until: ["end"])
        skipClauses()
        try expectEnd("def", line: line)
        return .method(name: name, parameters: parameters, body: body)
    }

    mutating func conditional() throws -> RubyStatement {
        let line = current.line
        guard case .keyword(let keyword) = current.kind else { throw Failure(message: "expected a condition", line: line) }
        advance()
        var clauses: [RubyClause] = []
        switch keyword {
        case "begin":
            clauses.append(RubyClause(condition: nil, body: statements(until: ["end"])))
            while case .keyword(let word) = current.kind, ["rescue", "else", "ensure"].contains(word) {
                advance()
                while !atStatementEnd, !isKeyword("then") { advance() }  // exception classes, `=> e`
                clauses.append(RubyClause(condition: .opaque(word, line: current.line), body: statements(until: ["end"])))
            }
        case "case":
            let subject: RubyExpression? = atStatementEnd ? nil : try expression()
            skipNewlines()
            while isKeyword("when") || isKeyword("in") {
                advance()
                var values = [try expression()]
                while isPunct(",") {
                    advance()
                    skipNewlines()
                    values.append(try expression())
                }
                if isKeyword("then") { advance() }
                // `when a, b` matches when any value matches the subject.
                let matches = values.map { value in subject.map { .binary("===", value, $0, line: value.line) } ?? value }
                let condition = matches.dropFirst().reduce(matches[0]) { .binary("||", $0, $1, line: $0.line) }
                clauses.append(RubyClause(condition: condition, body: statements(until: ["when", "else", "end"])))
            }
            if isKeyword("else") {
                advance()
                clauses.append(RubyClause(condition: nil, body: statements(until: ["end"])))
            }
        case "for":
            while !isKeyword("in"), !atStatementEnd { advance() }
            if isKeyword("in") { advance() }
            allowDoBlock = false
            let collection = try expression()
            allowDoBlock = true
            if isKeyword("do") { advance() }
            clauses.append(RubyClause(condition: collection, body: statements(until: ["end"])))
        default:  // if, unless, while, until
            let loops = keyword == "while" || keyword == "until"
            if loops { allowDoBlock = false }
            let condition = try expression()
            allowDoBlock = true
            if isKeyword("then") || (loops && isKeyword("do")) { advance() }
            clauses.append(RubyClause(condition: condition, body: statements(until: ["elsif", "else", "end"])))
            while isKeyword("elsif") {
                advance()
                let next = try expression()
                if isKeyword("then") { advance() }
                clauses.append(RubyClause(condition: next, body: statements(until: ["elsif", "else", "end"])))
            }
            if isKeyword("else") {
                advance()
                clauses.append(RubyClause(condition: nil, body: statements(until: ["end"])))
            }
        }
        try expectEnd(keyword, line: line)
        return .conditional(keyword: keyword, clauses: clauses, line: line)
    }

    /// A token's text without quoting, for names (`def name`).
    static func text(of token: RubyToken) -> String {
        switch token.kind {
        case .identifier(let text), .constant(let text), .keyword(let text), .number(let text), .label(let text): text
        case .punct(let text): text
        case .symbol(let name): name
        case .string(let parts): RubyLexer.text(of: parts)
        default: ""
        }
    }

    static func describe(_ token: RubyToken) -> String {
        switch token.kind {
        case .identifier(let text), .constant(let text), .keyword(let text), .number(let text): "`\(text)`"
        case .label(let text): "`\(text):`"
        case .string(let parts): "\"\(RubyLexer.text(of: parts))\""
        case .symbol(let name): "`:\(name)`"
        case .words: "`%w[]`"
        case .regex: "a regular expression"
        case .punct(let text): "`\(text)`"
        case .newline: "the end of the line"
        case .end: "the end of the file"
        }
    }
}

extension RubyToken.Kind {
    /// Whether the token is the `=` of a default parameter value.
    fileprivate var isDefaultMarker: Bool { self == .punct("=") }
}
