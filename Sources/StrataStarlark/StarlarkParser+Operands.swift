/// Operands: names, literals, parenthesized expressions and tuples, lists, dicts and
/// their comprehensions, and the targets of `for`.
extension StarlarkParser {
    mutating func parseOperand() throws(StarlarkSyntaxError) -> StarlarkExpression {
        let token = current
        switch token.kind {
        case .identifier(let name):
            position += 1
            return try make(.identifier(name), line: token.line)
        case .int(let value):
            position += 1
            return try make(.int(value), line: token.line)
        case .float(let value):
            position += 1
            return try make(.float(value), line: token.line)
        case .string(var text):
            position += 1
            // Adjacent literals join, as in Python ("a" "b"); Starlark code seldom relies on it.
            while case .string(let more) = current.kind {
                text += more
                position += 1
            }
            return try make(.string(text), line: token.line)
        case .punct("("):
            position += 1
            return try parseParenthesized(line: token.line)
        case .punct("["):
            position += 1
            return try parseList(line: token.line)
        case .punct("{"):
            position += 1
            return try parseDict(line: token.line)
        default:
            throw error("unexpected \(token.description)")
        }
    }

    mutating func parseParenthesized(line: Int) throws(StarlarkSyntaxError) -> StarlarkExpression {
        if accept(")") { return try make(.tuple([]), line: line) }
        let first = try parseTest()
        if current.isKeyword("for") {
            // A generator expression reads as a list comprehension: the values are the same.
            let clauses = try parseClauses()
            try expect(")")
            return try make(.listComprehension(first, clauses), line: line)
        }
        guard accept(",") else {
            try expect(")")
            return first
        }
        var elements = [first]
        while !current.isPunct(")") {
            elements.append(try parseTest())
            if !accept(",") { break }
        }
        try expect(")")
        return try make(.tuple(elements), line: line)
    }

    mutating func parseList(line: Int) throws(StarlarkSyntaxError) -> StarlarkExpression {
        if accept("]") { return try make(.list([]), line: line) }
        let first = try parseTest()
        if current.isKeyword("for") {
            let clauses = try parseClauses()
            try expect("]")
            return try make(.listComprehension(first, clauses), line: line)
        }
        var elements = [first]
        while accept(",") {
            if current.isPunct("]") { break }
            elements.append(try parseTest())
        }
        try expect("]")
        return try make(.list(elements), line: line)
    }

    mutating func parseDict(line: Int) throws(StarlarkSyntaxError) -> StarlarkExpression {
        if accept("}") { return try make(.dict([]), line: line) }
        let key = try parseTest()
        try expect(":")
        let value = try parseTest()
        if current.isKeyword("for") {
            let clauses = try parseClauses()
            try expect("}")
            return try make(.dictComprehension(key: key, value: value, clauses), line: line)
        }
        var entries = [(key: key, value: value)]
        while accept(",") {
            if current.isPunct("}") { break }
            let key = try parseTest()
            try expect(":")
            entries.append((key, try parseTest()))
        }
        try expect("}")
        return try make(.dict(entries), line: line)
    }

    /// `for x in xs if x for y in x`: the clauses of a comprehension.
    mutating func parseClauses() throws(StarlarkSyntaxError) -> [StarlarkComprehensionClause] {
        var clauses: [StarlarkComprehensionClause] = []
        while true {
            if current.isKeyword("for") {
                position += 1
                let target = try assignable(try parseTargets())
                guard current.isKeyword("in") else { throw error("expected 'in', found \(current.description)") }
                position += 1
                clauses.append(.for(target: target, iterable: try parseOr()))
            } else if current.isKeyword("if") {
                position += 1
                clauses.append(.if(try parseOr()))
            } else {
                return clauses
            }
        }
    }

    /// The targets of a `for`: `x`, `k, v`, `(a, b)`; read as primaries so `in` ends them.
    mutating func parseTargets() throws(StarlarkSyntaxError) -> StarlarkExpression {
        let line = current.line
        let first = try parsePrimary()
        guard current.isPunct(",") else { return first }
        var elements = [first]
        while accept(",") {
            if current.isKeyword("in") { break }
            elements.append(try parsePrimary())
        }
        return try make(.tuple(elements), line: line)
    }
}
