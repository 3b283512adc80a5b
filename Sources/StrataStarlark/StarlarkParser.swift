/// Parses Starlark into statements. A syntax error is a diagnostic with its file and line;
/// the parser then skips to the next statement (and past a block it cannot attach), so the
/// rest of the file is still read. Nesting is bounded: brackets, blocks and operator chains
/// deeper than `limits` are refused, so hostile input cannot overflow the stack.
package struct StarlarkParser {
    var tokens: [StarlarkToken]
    var position = 0
    let file: String
    var diagnostics: [StarlarkDiagnostic] = []
    /// How deep the parser's own recursion is, and how deep it may go.
    var depth = 0
    let limits: StarlarkLimits

    /// The file's statements, and a diagnostic per problem (the lexer's included).
    package static func parse(source: String, file: String, limits: StarlarkLimits = StarlarkLimits()) -> (
        StarlarkFile, [StarlarkDiagnostic]
    ) {
        let (tokens, lexed) = StarlarkLexer.tokens(source, file: file)
        var parser = StarlarkParser(tokens: tokens, file: file, limits: limits)
        parser.diagnostics = lexed
        let statements = parser.parseFile()
        return (StarlarkFile(path: file, statements: statements), parser.diagnostics)
    }

    init(tokens: [StarlarkToken], file: String, limits: StarlarkLimits) {
        self.tokens = tokens
        self.file = file
        self.limits = limits
    }

    var current: StarlarkToken { tokens[min(position, tokens.count - 1)] }

    func peek(_ offset: Int) -> StarlarkToken { tokens[min(position + offset, tokens.count - 1)] }

    mutating func advance() -> StarlarkToken {
        let token = current
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    /// Consumes the punctuation `text` when it is next.
    mutating func accept(_ text: String) -> Bool {
        guard current.isPunct(text) else { return false }
        position += 1
        return true
    }

    mutating func expect(_ text: String) throws(StarlarkSyntaxError) {
        guard accept(text) else { throw error("expected '\(text)', found \(current.description)") }
    }

    func error(_ message: String, line: Int? = nil) -> StarlarkSyntaxError {
        StarlarkSyntaxError(message: message, line: line ?? current.line)
    }

    mutating func identifier() throws(StarlarkSyntaxError) -> String {
        guard case .identifier(let name) = current.kind else { throw error("expected a name, found \(current.description)") }
        position += 1
        return name
    }

    mutating func parseFile() -> [StarlarkStatement] {
        var statements: [StarlarkStatement] = []
        while current.kind != .end {
            if current.kind == .indent || current.kind == .dedent || current.kind == .newline {
                if current.kind == .indent { report(error("unexpected indentation")) }
                position += 1
                continue
            }
            statements += parseStatementRecovering()
        }
        return statements
    }

    mutating func report(_ error: StarlarkSyntaxError) {
        diagnostics.append(StarlarkDiagnostic(.error, StarlarkLocation(file: file, line: error.line), "syntax error: \(error.message)"))
    }

    /// One statement; on a syntax error, a diagnostic and nothing, past the statement and
    /// any block indented under it.
    mutating func parseStatementRecovering() -> [StarlarkStatement] {
        let start = position
        do {
            return try parseStatement()
        } catch {
            report(error)
            if position == start && current.kind != .end { position += 1 }
            skipStatement()
            return []
        }
    }

    /// Skips to the end of the logical line, then over an indented block that follows it.
    mutating func skipStatement() {
        while current.kind != .newline && current.kind != .end {
            // A block's end, once its line could not be read, ends the skipping too.
            if current.kind == .dedent { return }
            position += 1
        }
        if current.kind == .newline { position += 1 }
        guard current.kind == .indent else { return }
        var open = 0
        repeat {
            if current.kind == .indent { open += 1 }
            if current.kind == .dedent { open -= 1 }
            position += 1
        } while open > 0 && current.kind != .end
    }

    mutating func parseStatement() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        let token = current
        switch token.kind {
        case .keyword("def"): return [.definition(try parseDefinition())]
        case .keyword("if"): return [try parseIf()]
        case .keyword("for"): return [try parseFor()]
        default: return try parseSimpleStatements()
        }
    }

    /// Small statements separated by `;`, up to the end of the line.
    mutating func parseSimpleStatements() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        var statements = try parseSmallStatement()
        while accept(";") {
            if current.kind == .newline || current.kind == .end { break }
            statements += try parseSmallStatement()
        }
        guard current.kind == .newline || current.kind == .end else {
            throw error("unexpected \(current.description)")
        }
        if current.kind == .newline { position += 1 }
        return statements
    }

    /// One small statement; `a = b = value` is two assignments.
    mutating func parseSmallStatement() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        let token = current
        switch token.kind {
        case .keyword("pass"): position += 1; return [.pass(line: token.line)]
        case .keyword("break"): position += 1; return [.break(line: token.line)]
        case .keyword("continue"): position += 1; return [.continue(line: token.line)]
        case .keyword("return"):
            position += 1
            if current.kind == .newline || current.kind == .end || current.isPunct(";") { return [.return(nil, line: token.line)] }
            return [.return(try parseTestList(), line: token.line)]
        case .keyword("load"): return [.load(try parseLoad())]
        default: break
        }
        let target = try parseTestList()
        if case .punct(let text) = current.kind, text.count >= 2, text.hasSuffix("="), !["==", "!=", "<=", ">="].contains(text) {
            position += 1
            let value = try parseTestList()
            return [.assignment(target: try assignable(target), operator: String(text.dropLast()), value: value, line: token.line)]
        }
        if accept("=") {
            var targets = [target]
            var value = try parseTestList()
            // `a = b = value` assigns both, right to left.
            while accept("=") {
                targets.append(value)
                value = try parseTestList()
            }
            var statements: [StarlarkStatement] = []
            for target in targets.reversed() {
                statements.append(.assignment(target: try assignable(target), operator: nil, value: value, line: token.line))
            }
            return statements
        }
        return [.expression(target)]
    }

    /// The expression, when something can be assigned to it.
    func assignable(_ target: StarlarkExpression) throws(StarlarkSyntaxError) -> StarlarkExpression {
        switch target.kind {
        case .identifier, .index, .attribute: return target
        case .tuple(let elements), .list(let elements):
            for element in elements { _ = try assignable(element) }
            return target
        default: throw error("cannot assign to \(target.description)", line: target.line)
        }
    }

    mutating func parseLoad() throws(StarlarkSyntaxError) -> StarlarkLoad {
        let line = advance().line
        try expect("(")
        guard case .string(let module) = current.kind else { throw error("load() needs a module label first") }
        position += 1
        var symbols: [(local: String, exported: String)] = []
        while accept(",") {
            if current.isPunct(")") { break }
            if case .string(let name) = current.kind {
                position += 1
                symbols.append((name, name))
            } else {
                let local = try identifier()
                try expect("=")
                guard case .string(let name) = current.kind else { throw error("load() aliases a symbol's name, a string") }
                position += 1
                symbols.append((local, name))
            }
        }
        try expect(")")
        return StarlarkLoad(module: module, symbols: symbols, line: line)
    }

    /// The statements after a `:`: on the same line, or an indented block.
    mutating func parseBlock() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        try expect(":")
        guard current.kind == .newline else { return try parseSimpleStatements() }
        position += 1
        guard current.kind == .indent else { throw error("expected an indented block") }
        position += 1
        depth += 1
        defer { depth -= 1 }
        guard depth <= limits.maximumNesting else { throw error("blocks are nested too deeply") }
        var body: [StarlarkStatement] = []
        while current.kind != .dedent && current.kind != .end {
            if current.kind == .newline { position += 1; continue }
            if current.kind == .indent {
                report(error("unexpected indentation"))
                position += 1
                continue
            }
            body += parseStatementRecovering()
        }
        if current.kind == .dedent { position += 1 }
        return body
    }

    mutating func parseDefinition() throws(StarlarkSyntaxError) -> StarlarkDefinition {
        let line = advance().line
        let name = try identifier()
        try expect("(")
        let parameters = try parseParameters(closing: ")", annotations: true)
        try expect(")")
        if accept("->") { _ = try parseTest() }
        return StarlarkDefinition(name: name, parameters: parameters, body: try parseBlock(), line: line)
    }

    /// Parameters up to `closing` (not consumed): `a`, `b = 1`, `*args`, `*`, `**kwargs`,
    /// with type annotations (`a: str`) read and dropped in a `def`.
    mutating func parseParameters(closing: String, annotations: Bool) throws(StarlarkSyntaxError) -> [StarlarkParameter] {
        var parameters: [StarlarkParameter] = []
        while !current.isPunct(closing) {
            if accept("**") {
                parameters.append(.starStar(try identifier()))
            } else if accept("*") {
                if case .identifier = current.kind { parameters.append(.star(try identifier())) } else { parameters.append(.star(nil)) }
            } else if accept("/") {
                // Positional-only marker: every parameter is accepted by position anyway.
            } else {
                let name = try identifier()
                if annotations && accept(":") { _ = try parseTest() }
                parameters.append(.named(name, default: accept("=") ? try parseTest() : nil))
            }
            if annotations, case .star(let name)? = parameters.last, name != nil, accept(":") { _ = try parseTest() }
            if !accept(",") { break }
        }
        return parameters
    }

    mutating func parseIf() throws(StarlarkSyntaxError) -> StarlarkStatement {
        let line = advance().line
        var branches = [(condition: try parseTest(), body: try parseBlock())]
        while current.isKeyword("elif") {
            position += 1
            branches.append((try parseTest(), try parseBlock()))
        }
        var otherwise: [StarlarkStatement] = []
        if current.isKeyword("else") {
            position += 1
            otherwise = try parseBlock()
        }
        return .if(branches: branches, else: otherwise, line: line)
    }

    mutating func parseFor() throws(StarlarkSyntaxError) -> StarlarkStatement {
        let line = advance().line
        let target = try assignable(try parseTargets())
        guard current.isKeyword("in") else { throw error("expected 'in', found \(current.description)") }
        position += 1
        let iterable = try parseTestList()
        return .for(target: target, iterable: iterable, body: try parseBlock(), line: line)
    }
}
