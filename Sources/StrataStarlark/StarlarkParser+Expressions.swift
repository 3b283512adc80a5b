/// Expressions, by precedence from `lambda` and `if`-`else` down to operands and their
/// suffixes (`.name`, `[index]`, `(arguments)`).
extension StarlarkParser {
    /// Enters one level of nesting; past the limit, the expression is refused.
    mutating func nest() throws(StarlarkSyntaxError) {
        depth += 1
        if depth > limits.maximumNesting { throw error("expression nested too deeply (more than \(limits.maximumNesting) levels)") }
    }

    func make(_ kind: StarlarkExpression.Kind, line: Int) throws(StarlarkSyntaxError) -> StarlarkExpression {
        let expression = StarlarkExpression(kind, line: line)
        if expression.height > limits.maximumExpressionHeight {
            throw error("expression too deep (more than \(limits.maximumExpressionHeight) operations)", line: line)
        }
        return expression
    }

    /// `a`, or `a, b, c` as a tuple (a trailing comma makes a tuple of one).
    mutating func parseTestList() throws(StarlarkSyntaxError) -> StarlarkExpression {
        let line = current.line
        let first = try parseTest()
        guard current.isPunct(",") else { return first }
        var elements = [first]
        while accept(",") {
            guard startsExpression else { break }
            elements.append(try parseTest())
        }
        return try make(.tuple(elements), line: line)
    }

    /// Whether the next token can start an expression.
    var startsExpression: Bool {
        switch current.kind {
        case .identifier, .string, .int, .float: true
        case .keyword(let word): word == "not" || word == "lambda"
        case .punct(let text): ["(", "[", "{", "-", "+", "~"].contains(text)
        default: false
        }
    }

    mutating func parseTest() throws(StarlarkSyntaxError) -> StarlarkExpression {
        try nest()
        defer { depth -= 1 }
        if current.isKeyword("lambda") { return try parseLambda() }
        let line = current.line
        let value = try parseOr()
        guard current.isKeyword("if") else { return value }
        position += 1
        let condition = try parseOr()
        guard current.isKeyword("else") else { throw error("expected 'else' in a conditional expression") }
        position += 1
        return try make(.conditional(condition: condition, then: value, else: try parseTest()), line: line)
    }

    mutating func parseLambda() throws(StarlarkSyntaxError) -> StarlarkExpression {
        let line = advance().line
        let parameters = try parseParameters(closing: ":", annotations: false)
        try expect(":")
        return try make(.lambda(parameters: parameters, body: try parseTest()), line: line)
    }

    mutating func parseOr() throws(StarlarkSyntaxError) -> StarlarkExpression {
        var lhs = try parseAnd()
        while current.isKeyword("or") {
            let line = advance().line
            lhs = try make(.binary("or", lhs, try parseAnd()), line: line)
        }
        return lhs
    }

    mutating func parseAnd() throws(StarlarkSyntaxError) -> StarlarkExpression {
        var lhs = try parseNot()
        while current.isKeyword("and") {
            let line = advance().line
            lhs = try make(.binary("and", lhs, try parseNot()), line: line)
        }
        return lhs
    }

    mutating func parseNot() throws(StarlarkSyntaxError) -> StarlarkExpression {
        guard current.isKeyword("not") else { return try parseComparison() }
        let line = advance().line
        try nest()
        defer { depth -= 1 }
        return try make(.unary("not", try parseNot()), line: line)
    }

    static let comparisons: Set<String> = ["==", "!=", "<", ">", "<=", ">="]

    /// A comparison; Starlark's are not associative, so `a < b < c` is an error.
    mutating func parseComparison() throws(StarlarkSyntaxError) -> StarlarkExpression {
        var lhs = try parseBinary(level: 0)
        var compared = false
        while true {
            let line = current.line
            let op: String
            if case .punct(let text) = current.kind, Self.comparisons.contains(text) {
                op = text
                position += 1
            } else if current.isKeyword("in") {
                op = "in"
                position += 1
            } else if current.isKeyword("not") && peek(1).isKeyword("in") {
                op = "not in"
                position += 2
            } else {
                return lhs
            }
            if compared { throw error("comparisons cannot be chained: write `a < b and b < c`", line: line) }
            compared = true
            lhs = try make(.binary(op, lhs, try parseBinary(level: 0)), line: line)
        }
    }

    /// The binary operators from `|` down to `*`, loosest first.
    static let binaryLevels: [Set<String>] = [["|"], ["^"], ["&"], ["<<", ">>"], ["+", "-"], ["*", "/", "//", "%"]]

    mutating func parseBinary(level: Int) throws(StarlarkSyntaxError) -> StarlarkExpression {
        guard level < Self.binaryLevels.count else { return try parseUnary() }
        var lhs = try parseBinary(level: level + 1)
        while case .punct(let op) = current.kind, Self.binaryLevels[level].contains(op) {
            let line = advance().line
            lhs = try make(.binary(op, lhs, try parseBinary(level: level + 1)), line: line)
        }
        return lhs
    }

    mutating func parseUnary() throws(StarlarkSyntaxError) -> StarlarkExpression {
        if case .punct(let op) = current.kind, op == "-" || op == "+" || op == "~" {
            let line = advance().line
            try nest()
            defer { depth -= 1 }
            return try make(.unary(op, try parseUnary()), line: line)
        }
        let base = try parsePrimary()
        guard current.isPunct("**") else { return base }
        let line = advance().line
        try nest()
        defer { depth -= 1 }
        return try make(.binary("**", base, try parseUnary()), line: line)
    }

    /// An operand and its suffixes: `a.b`, `a[i]`, `a[i:j]`, `a(x)`.
    mutating func parsePrimary() throws(StarlarkSyntaxError) -> StarlarkExpression {
        var value = try parseOperand()
        while true {
            let line = current.line
            if accept(".") {
                value = try make(.attribute(value, try identifier()), line: line)
            } else if accept("(") {
                let arguments = try parseArguments()
                try expect(")")
                value = try make(.call(value, arguments), line: line)
            } else if accept("[") {
                value = try parseSubscript(of: value, line: line)
            } else {
                return value
            }
        }
    }

    mutating func parseSubscript(of base: StarlarkExpression, line: Int) throws(StarlarkSyntaxError) -> StarlarkExpression {
        var parts: [StarlarkExpression?] = [nil]
        var colons = 0
        while !current.isPunct("]") {
            if accept(":") {
                colons += 1
                guard colons <= 2 else { throw error("too many ':' in a slice") }
                parts.append(nil)
            } else {
                guard parts[parts.count - 1] == nil else { throw error("expected ']', found \(current.description)") }
                parts[parts.count - 1] = colons == 0 ? try parseTestList() : try parseTest()
            }
        }
        try expect("]")
        if colons == 0 {
            guard let key = parts[0] else { throw error("an index is missing", line: line) }
            return try make(.index(base, key), line: line)
        }
        while parts.count < 3 { parts.append(nil) }
        return try make(.slice(base, start: parts[0], stop: parts[1], step: parts[2]), line: line)
    }

    mutating func parseArguments() throws(StarlarkSyntaxError) -> [StarlarkArgument] {
        var arguments: [StarlarkArgument] = []
        while !current.isPunct(")") {
            if accept("**") {
                arguments.append(.starStar(try parseTest()))
            } else if accept("*") {
                arguments.append(.star(try parseTest()))
            } else if case .identifier(let name) = current.kind, peek(1).isPunct("=") {
                position += 2
                arguments.append(.keyword(name, try parseTest()))
            } else {
                arguments.append(.positional(try parseTest()))
            }
            if !accept(",") { break }
        }
        return arguments
    }
}
