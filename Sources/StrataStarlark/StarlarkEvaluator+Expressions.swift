/// Expressions: names, literals, collections and comprehensions, operators, calls,
/// indexing and attributes.
extension StarlarkEvaluator {
    func evaluate(_ expression: StarlarkExpression, in frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        try step(expression.line, frame)
        depth += 1
        defer { depth -= 1 }
        // The parser bounds each expression, and calls are bounded; this bounds the two together.
        if depth > limits.maximumEvaluationDepth {
            throw StarlarkStop(frame.location(expression.line), "evaluation nested too deeply")
        }
        let line = expression.line
        switch expression.kind {
        case .identifier(let name): return lookup(name, line, frame)
        case .string(let text): return .string(text)
        case .int(let value): return .int(value)
        case .float(let value): return .float(value)
        case .list(let elements): return .list(StarlarkList(try evaluate(elements, in: frame)))
        case .tuple(let elements): return .tuple(try evaluate(elements, in: frame))
        case .dict(let entries): return try dictionary(entries, line, frame)
        case .listComprehension(let body, let clauses): return try listComprehension(body, clauses, line, frame)
        case .dictComprehension(let key, let value, let clauses): return try dictComprehension(key, value, clauses, line, frame)
        case .unary(let op, let operand): return unary(op, try evaluate(operand, in: frame), line, frame)
        case .binary("and", let lhs, let rhs), .binary("or", let lhs, let rhs):
            // Short-circuit: the right operand is evaluated only when it decides.
            let left = try evaluate(lhs, in: frame)
            guard let truth = left.truth else { return left }
            return truth == (expression.kind.isAnd) ? try evaluate(rhs, in: frame) : left
        case .binary(let op, let lhs, let rhs):
            return try binary(op, try evaluate(lhs, in: frame), try evaluate(rhs, in: frame), line, frame)
        case .conditional(let condition, let then, let otherwise):
            let test = try evaluate(condition, in: frame)
            guard let truth = test.truth else { return test }
            return try evaluate(truth ? then : otherwise, in: frame)
        case .lambda(let parameters, let body):
            let statement = StarlarkStatement.return(body, line: line)
            return .function(try define("lambda", parameters, body: [statement], line: line, in: frame))
        case .call(let callee, let arguments): return try call(callee, arguments, line: line, in: frame)
        case .index(let base, let key): return try index(try evaluate(base, in: frame), try evaluate(key, in: frame), line, frame)
        case .slice(let base, let start, let stop, let stride):
            let value = try evaluate(base, in: frame)
            let bounds = try [start, stop, stride].map { (part) throws(StarlarkStop) in try part.map { (part) throws(StarlarkStop) in try evaluate(part, in: frame) } }
            return slice(value, bounds[0], bounds[1], bounds[2], line, frame)
        case .attribute(let base, let name): return attribute(of: try evaluate(base, in: frame), name, line, frame)
        case .invalid(let text): return .unknown(text)
        }
    }

    func dictionary(_ entries: [(key: StarlarkExpression, value: StarlarkExpression)], _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        let dict = StarlarkDict()
        for entry in entries {
            let key = try evaluate(entry.key, in: frame)
            guard key.hashKey != nil else { return unknown("unhashable dict key of type \(key.typeName)", line, frame) }
            // Unknown keys (`apple_common.platform_type.ios`) cannot be told apart: no warning.
            if !key.isUnknown, dict[key] != nil { warn("dict literal has the key \(key.repr) twice; the last value is kept", entry.key.line, frame) }
            dict[key] = try evaluate(entry.value, in: frame)
        }
        return .dict(dict)
    }

    func listComprehension(_ body: StarlarkExpression, _ clauses: [StarlarkComprehensionClause], _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        var results: [StarlarkValue] = []
        var scope = frame.comprehensionScope
        try comprehend(clauses[...], in: &scope, line: line) { (scope) throws(StarlarkStop) in
            results.append(try self.evaluate(body, in: scope))
            try self.checkLength(results.count, line, frame)
        }
        return .list(StarlarkList(results))
    }

    func dictComprehension(
        _ key: StarlarkExpression, _ value: StarlarkExpression, _ clauses: [StarlarkComprehensionClause], _ line: Int, _ frame: StarlarkFrame
    ) throws(StarlarkStop) -> StarlarkValue {
        let dict = StarlarkDict()
        var scope = frame.comprehensionScope
        try comprehend(clauses[...], in: &scope, line: line) { (scope) throws(StarlarkStop) in
            dict[try self.evaluate(key, in: scope)] = try self.evaluate(value, in: scope)
            try self.checkLength(dict.count, line, frame)
        }
        return .dict(dict)
    }

    func evaluate(_ expressions: [StarlarkExpression], in frame: StarlarkFrame) throws(StarlarkStop) -> [StarlarkValue] {
        var values: [StarlarkValue] = []
        values.reserveCapacity(expressions.count)
        for expression in expressions { values.append(try evaluate(expression, in: frame)) }
        return values
    }

    /// A name's value: a local, a global, a builtin; an undefined name is unknown.
    func lookup(_ name: String, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        if let value = frame.lookup(name) { return value }
        if let value = StarlarkBuiltins.global(name) { return value }
        return unknown("name '\(name)' is not defined", line, frame)
    }

    /// Runs `body` once per combination the clauses allow, their loop variables bound in
    /// `scope` (so they do not leak into the enclosing function).
    func comprehend(
        _ clauses: ArraySlice<StarlarkComprehensionClause>, in scope: inout StarlarkFrame, line: Int,
        body: (StarlarkFrame) throws(StarlarkStop) -> Void
    ) throws(StarlarkStop) {
        guard let clause = clauses.first else {
            try body(scope)
            return
        }
        switch clause {
        case .if(let condition):
            guard try evaluate(condition, in: scope).truth == true else { return }
            try comprehend(clauses.dropFirst(), in: &scope, line: line, body: body)
        case .for(let target, let iterable):
            let sequence = try evaluate(iterable, in: scope)
            guard let elements = try iterate(sequence, line, scope) else { return }
            for element in elements {
                try step(line, scope)
                try bind(target, to: element, line: line, in: &scope)
                try comprehend(clauses.dropFirst(), in: &scope, line: line, body: body)
            }
        }
    }

    /// Stops the file when a collection grows past the limit.
    func checkLength(_ count: Int, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) {
        if count > limits.maximumCollectionLength {
            throw StarlarkStop(frame.location(line), "a collection of more than \(limits.maximumCollectionLength) elements is refused")
        }
    }

    /// `x = v`, `a, b = v`, `x += v`, `d[k] = v`, `s.f = v` (refused: structs are immutable).
    func assign(
        _ target: StarlarkExpression, operator op: String?, value: StarlarkExpression, line: Int, in frame: inout StarlarkFrame
    ) throws(StarlarkStop) {
        var result = try evaluate(value, in: frame)
        if let op {
            let current = try evaluate(target, in: frame)
            // `list += x` extends the list in place, as Starlark does.
            if op == "+", case .list(let list) = current, let more = result.elements {
                try checkLength(list.elements.count + more.count, line, frame)
                list.elements += more
                return
            }
            result = try binary(op, current, result, line, frame)
        }
        try bind(target, to: result, line: line, in: &frame)
    }

    func bind(_ target: StarlarkExpression, to value: StarlarkValue, line: Int, in frame: inout StarlarkFrame) throws(StarlarkStop) {
        switch target.kind {
        case .identifier(let name): frame.set(name, value)
        case .tuple(let targets), .list(let targets):
            guard let elements = value.elements, elements.count == targets.count else {
                let unknown = value.isUnknown ? value : self.unknown("cannot unpack a \(value.typeName) into \(targets.count) names", line, frame)
                for target in targets { try bind(target, to: unknown, line: line, in: &frame) }
                return
            }
            for (target, element) in zip(targets, elements) { try bind(target, to: element, line: line, in: &frame) }
        case .index(let base, let key):
            let container = try evaluate(base, in: frame)
            let keyValue = try evaluate(key, in: frame)
            switch container {
            case .dict(let dict) where keyValue.hashKey != nil: dict[keyValue] = value
            case .list(let list):
                if case .int(let position) = keyValue, let index = normalized(position, list.elements.count) {
                    list.elements[index] = value
                } else {
                    warn("list index out of range", line, frame)
                }
            case .unknown: break
            default: warn("cannot assign to an element of a \(container.typeName)", line, frame)
            }
        default: warn("cannot assign to \(target.description)", line, frame)
        }
    }

    /// A Python-style index (negative from the end) within `0..<count`, or nil.
    func normalized(_ index: Int, _ count: Int) -> Int? {
        let position = index < 0 ? index + count : index
        return position >= 0 && position < count ? position : nil
    }
}

extension StarlarkExpression.Kind {
    /// Whether this is an `and` (rather than an `or`, for the short-circuit).
    var isAnd: Bool {
        if case .binary("and", _, _) = self { return true }
        return false
    }
}
