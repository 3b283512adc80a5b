/// Expressions: precedence climbing over Ruby's binary operators, then unary operators,
/// literals and names, then what follows them (`.method`, `[index]`, arguments, blocks).
extension RubyParser {
    private static let binaryLevels: [Set<String>] = [
        ["or", "and"], ["||"], ["&&"], ["==", "!=", "=~", "!~", "===", "<=>"], ["<", ">", "<=", ">="],
        ["|", "^"], ["&"], ["<<", ">>"], ["+", "-"], ["*", "/", "%"], ["**"],
    ]

    mutating func expression() throws -> RubyExpression {
        let entry = depth
        defer { depth = entry }
        try descend()
        if isKeyword("not") {
            let line = current.line
            advance()
            return .unary("!", try expression(), line: line)
        }
        let condition = try binary(level: 0)
        if isPunct("?") {
            let line = current.line
            advance()
            skipNewlines()
            let whenTrue = try binary(level: 0)
            skipNewlines()
            try expect(":", "in a ternary")
            skipNewlines()
            let whenFalse = try expression()
            return .ternary(condition, whenTrue, whenFalse, line: line)
        }
        if isPunct("..") || isPunct("...") {
            let line = current.line
            advance()
            if !atStatementEnd, !isPunct(")"), !isPunct("]") { _ = try binary(level: 0) }
            return .opaque("range", line: line)
        }
        return condition
    }

    private mutating func binary(level: Int) throws -> RubyExpression {
        guard level < Self.binaryLevels.count else { return try unary() }
        // Each operator of a chain (`a + b + …`) nests the tree one level deeper.
        let entry = depth
        defer { depth = entry }
        var lhs = try binary(level: level + 1)
        while true {
            let op: String
            switch current.kind {
            case .punct(let text) where Self.binaryLevels[level].contains(text): op = text
            case .keyword(let word) where Self.binaryLevels[level].contains(word): op = word == "and" ? "&&" : "||"
            default: return lhs
            }
            let line = current.line
            try descend()
            advance()
            skipNewlines()
            let rhs = try binary(level: level + 1)
            lhs = .binary(op, lhs, rhs, line: line)
        }
    }

    private mutating func unary() throws -> RubyExpression {
        let line = current.line
        let entry = depth
        defer { depth = entry }
        try descend()
        switch current.kind {
        case .punct("!"), .punct("-"), .punct("+"), .punct("*"), .punct("**"), .punct("&"), .punct("~"):
            let op = Self.text(of: current)  // the operator itself: the evaluator matches `!`, `*`, `-`
            advance()
            return .unary(op, try unary(), line: line)
        case .keyword("defined?"):
            advance()
            return .unary("defined?", try unary(), line: line)
        default:
            return try postfix(try primary())
        }
    }

    private mutating func primary() throws -> RubyExpression {
        let token = current
        let line = token.line
        switch token.kind {
        case .string(let parts):
            advance()
            var combined = parts
            while case .string(let more) = current.kind, current.spaceBefore, current.line == line {  // "a" "b"
                combined += more
                advance()
            }
            return .string(combined, line: line)
        case .symbol(let name):
            advance()
            return .symbol(name, line: line)
        case .number(let text):
            advance()
            return .number(text, line: line)
        case .words(let words):
            advance()
            return .array(words.map { .string([.text($0)], line: line) }, line: line)
        case .regex:
            advance()
            return .opaque("regular expression", line: line)
        case .keyword("nil"):
            advance()
            return .null(line: line)
        case .keyword("true"), .keyword("false"):
            advance()
            return .boolean(token.kind == .keyword("true"), line: line)
        case .keyword("self"):
            advance()
            return .name("self", line: line)
        case .keyword("if"), .keyword("unless"), .keyword("case"), .keyword("begin"), .keyword("while"):
            _ = try conditional()
            return .opaque("\(Self.describe(token)) expression", line: line)
        case .keyword("super"):
            advance()
            return try call(named: "super", receiver: nil, line: line)
        case .punct("("):
            advance()
            skipNewlines()
            if isPunct(")") {
                advance()
                return .null(line: line)
            }
            let inner = try expression()
            skipNewlines()
            while isPunct(",") || current.kind == .newline {  // (a; b) keeps the last
                advance()
                skipNewlines()
                if isPunct(")") { break }
                _ = try expression()
            }
            try expect(")", "to close `(`")
            return inner
        case .punct("["):
            advance()
            return .array(try list(closing: "]"), line: line)
        case .punct("{"):
            advance()
            return .hash(try hashEntries(), line: line)
        case .punct("->"):
            advance()
            if isPunct("(") {
                advance()
                while !isPunct(")"), current.kind != .end { advance() }
                advance()
            }
            _ = try block()
            return .opaque("lambda", line: line)
        case .punct("::"):
            advance()
            return try primary()
        case .constant(let name):
            advance()
            var path = name
            while isPunct("::"), case .constant(let next) = peek(1).kind {
                advance()
                advance()
                path += "::" + next
            }
            if isPunct("("), !current.spaceBefore {  // Integer("1"), Array(x)
                return try call(named: path, receiver: nil, line: line)
            }
            return .constant(path, line: line)
        case .identifier(let name):
            advance()
            return try call(named: name, receiver: nil, line: line)
        case .label(let name):
            throw Failure(message: "unexpected `\(name):`", line: line)
        default:
            throw Failure(message: "unexpected \(Self.describe(token))", line: line)
        }
    }

    /// A method name just read: its arguments (in parentheses or not) and block.
    private mutating func call(named name: String, receiver: RubyExpression?, line: Int) throws -> RubyExpression {
        var arguments: [RubyExpression] = []
        var hasArguments = false
        if isPunct("("), !current.spaceBefore {
            advance()
            arguments = try list(closing: ")")
            hasArguments = true
        } else if startsArgument {
            // `target name do ... end`: the block belongs to `target`, not to `name`.
            let saved = allowDoBlock
            allowDoBlock = false
            arguments = try commandArguments()
            allowDoBlock = saved
            hasArguments = true
        }
        let block = try blockIfAny()
        if receiver == nil, !hasArguments, block == nil {
            return .name(name, line: line)
        }
        return .call(RubyCall(receiver: receiver, name: name, arguments: arguments, block: block, line: line))
    }

    private mutating func postfix(_ base: RubyExpression) throws -> RubyExpression {
        var expression = base
        // Each call or index of a chain (`a.b.c[0]`) nests the tree one level deeper.
        let entry = depth
        defer { depth = entry }
        var chained = false
        while true {
            if chained { try descend() }
            chained = true
            if current.kind == .newline {  // a leading-dot chain goes on the next line
                var offset = 0
                while peek(offset).kind == .newline { offset += 1 }
                guard peek(offset).kind == .punct(".") || peek(offset).kind == .punct("&.") else { return expression }
                skipNewlines()
            }
            if isPunct(".") || isPunct("&.") {
                advance()
                skipNewlines()
                let line = current.line
                let name: String
                switch current.kind {
                case .identifier(let text), .constant(let text), .keyword(let text): name = text
                default: throw Failure(message: "expected a method name after `.`, found \(Self.describe(current))", line: line)
                }
                advance()
                expression = try call(named: name, receiver: expression, line: line)
                continue
            }
            if isPunct("::"), case .identifier(let name) = peek(1).kind {
                let line = current.line
                advance()
                advance()
                expression = try call(named: name, receiver: expression, line: line)
                continue
            }
            if isPunct("["), !current.spaceBefore {
                let line = current.line
                advance()
                expression = .index(expression, try list(closing: "]"), line: line)
                continue
            }
            if case .name(let name, let line) = expression, isPunct("{") || (isKeyword("do") && allowDoBlock) {
                expression = .call(RubyCall(receiver: nil, name: name, arguments: [], block: try blockIfAny(), line: line))
                continue
            }
            return expression
        }
    }

    /// Whether the token after a method name starts an argument of a call without
    /// parentheses (`pod 'A'`, `inherit! :none`), as opposed to an operator or a block.
    private var startsArgument: Bool {
        let token = current
        guard token.spaceBefore else { return false }
        switch token.kind {
        case .string, .symbol, .number, .words, .label, .constant, .identifier, .regex: return true
        case .keyword(let word): return ["nil", "true", "false", "self", "not", "defined?", "super"].contains(word)
        case .punct("["), .punct("->"), .punct("::"), .punct("("): return true
        case .punct("*"), .punct("**"), .punct("&"), .punct("!"), .punct("-"):
            return !peek(1).spaceBefore
        default: return false
        }
    }

    /// `pod 'A', '~> 1.0', :path => '..'`: up to the end of the line, a `do` or a modifier.
    private mutating func commandArguments() throws -> [RubyExpression] {
        var arguments: [RubyExpression] = []
        var options: [RubyHashEntry] = []
        while true {
            try argument(into: &arguments, options: &options)
            guard isPunct(",") else { break }
            advance()
            skipNewlines()
        }
        if !options.isEmpty { arguments.append(.hash(options, line: options[0].key.line)) }
        return arguments
    }

    private mutating func argument(into arguments: inout [RubyExpression], options: inout [RubyHashEntry]) throws {
        if case .label(let key) = current.kind {
            let line = current.line
            advance()
            skipNewlines()
            options.append(RubyHashEntry(key: .symbol(key, line: line), value: try expression()))
            return
        }
        let value = try expression()
        if isPunct("=>") {
            advance()
            skipNewlines()
            options.append(RubyHashEntry(key: value, value: try expression()))
        } else {
            arguments.append(value)
        }
    }

    /// Elements up to `closing`, with newlines and a trailing comma allowed; options become
    /// one trailing hash, as Ruby passes them.
    private mutating func list(closing: String) throws -> [RubyExpression] {
        let saved = allowDoBlock
        allowDoBlock = true
        defer { allowDoBlock = saved }
        var elements: [RubyExpression] = []
        var options: [RubyHashEntry] = []
        skipNewlines()
        while !isPunct(closing) {
            guard current.kind != .end else { throw Failure(message: "`\(closing)` missing", line: current.line) }
            try argument(into: &elements, options: &options)
            skipNewlines()
            if isPunct(",") {
                advance()
                skipNewlines()
            } else if !isPunct(closing) {
                throw Failure(message: "expected `,` or `\(closing)`, found \(Self.describe(current))", line: current.line)
            }
        }
        advance()
        if !options.isEmpty { elements.append(.hash(options, line: options[0].key.line)) }
        return elements
    }

    private mutating func hashEntries() throws -> [RubyHashEntry] {
        var entries: [RubyHashEntry] = []
        skipNewlines()
        while !isPunct("}") {
            guard current.kind != .end else { throw Failure(message: "`}` missing", line: current.line) }
            if case .label(let key) = current.kind {
                let line = current.line
                advance()
                skipNewlines()
                entries.append(RubyHashEntry(key: .symbol(key, line: line), value: try expression()))
            } else if isPunct("**") {
                advance()
                _ = try expression()
            } else {
                let key = try expression()
                skipNewlines()
                try expect("=>", "in a hash")
                skipNewlines()
                entries.append(RubyHashEntry(key: key, value: try expression()))
            }
            skipNewlines()
            if isPunct(",") {
                advance()
                skipNewlines()
            } else if !isPunct("}") {
                throw Failure(message: "expected `,` or `}` in a hash, found \(Self.describe(current))", line: current.line)
            }
        }
        advance()
        return entries
    }

    private mutating func blockIfAny() throws -> RubyBlock? {
        if isPunct("{") || (isKeyword("do") && allowDoBlock) { return try block() }
        return nil
    }

    private mutating func block() throws -> RubyBlock {
        let line = current.line
        let braces = isPunct("{")
        guard braces || isKeyword("do") else { throw Failure(message: "expected a block", line: line) }
        advance()
        let saved = allowDoBlock
        allowDoBlock = true
        defer { allowDoBlock = saved }
        var parameters: [String] = []
        skipNewlines()
        if isPunct("|") || isPunct("||") {
            let empty = isPunct("||")
            advance()
            while !empty, !isPunct("|"), current.kind != .end, current.kind != .newline {
                if case .identifier(let name) = current.kind { parameters.append(name) }
                advance()
            }
            if !empty { try expect("|", "to close the block parameters") }
        }
        let body = statements(until: braces ? ["}"] : ["end"])
        if braces {
            skipNewlines()
            try expect("}", "to close the block opened on line \(line)")
        } else {
            skipClauses()
            try expectEnd("do", line: line)
        }
        return RubyBlock(parameters: parameters, body: body)
    }
}
