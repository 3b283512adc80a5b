/// A Starlark expression as written, with its line and its height (the depth of the tree
/// under it), which the parser bounds so that evaluating or freeing it cannot overflow the stack.
package struct StarlarkExpression: Sendable {
    package indirect enum Kind: Sendable {
        case identifier(String)
        case string(String)
        case int(Int)
        case float(Double)
        case list([StarlarkExpression])
        case tuple([StarlarkExpression])
        case dict([(key: StarlarkExpression, value: StarlarkExpression)])
        /// `[x for x in xs if x]`.
        case listComprehension(StarlarkExpression, [StarlarkComprehensionClause])
        /// `{k: v for k, v in items}`.
        case dictComprehension(key: StarlarkExpression, value: StarlarkExpression, [StarlarkComprehensionClause])
        /// `-x`, `+x`, `~x`, `not x`.
        case unary(String, StarlarkExpression)
        /// Arithmetic, comparison (`in`, `not in` too), `and` and `or`.
        case binary(String, StarlarkExpression, StarlarkExpression)
        /// `a if condition else b`.
        case conditional(condition: StarlarkExpression, then: StarlarkExpression, else: StarlarkExpression)
        case lambda(parameters: [StarlarkParameter], body: StarlarkExpression)
        case call(StarlarkExpression, [StarlarkArgument])
        case index(StarlarkExpression, StarlarkExpression)
        case slice(StarlarkExpression, start: StarlarkExpression?, stop: StarlarkExpression?, step: StarlarkExpression?)
        case attribute(StarlarkExpression, String)
        /// What the parser could not read; it evaluates to an unknown value.
        case invalid(String)
    }

    package var kind: Kind
    package var line: Int
    package var height: Int

    package init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
        self.height = 1 + (Self.children(of: kind).map(\.height).max() ?? 0)
    }

    /// The expressions directly under one of this kind.
    static func children(of kind: Kind) -> [StarlarkExpression] {
        switch kind {
        case .identifier, .string, .int, .float, .invalid: []
        case .list(let elements), .tuple(let elements): elements
        case .dict(let entries): entries.flatMap { [$0.key, $0.value] }
        case .listComprehension(let body, let clauses): [body] + clauses.flatMap(\.expressions)
        case .dictComprehension(let key, let value, let clauses): [key, value] + clauses.flatMap(\.expressions)
        case .unary(_, let operand): [operand]
        case .binary(_, let lhs, let rhs): [lhs, rhs]
        case .conditional(let condition, let then, let otherwise): [condition, then, otherwise]
        case .lambda(let parameters, let body): parameters.compactMap(\.defaultValue) + [body]
        case .call(let callee, let arguments): [callee] + arguments.map(\.value)
        case .index(let base, let key): [base, key]
        case .slice(let base, let start, let stop, let step): [base] + [start, stop, step].compactMap { $0 }
        case .attribute(let base, _): [base]
        }
    }

    /// How a message names the expression: `native.glob(...)`, `deps`.
    package var description: String {
        switch kind {
        case .identifier(let name): name
        case .string(let text): "\"\(text.count > 40 ? String(text.prefix(40)) + "..." : text)\""
        case .int(let value): String(value)
        case .float(let value): String(value)
        case .list: "[...]"
        case .tuple: "(...)"
        case .dict: "{...}"
        case .listComprehension: "[... for ...]"
        case .dictComprehension: "{... for ...}"
        case .unary(let op, let operand): (op == "not" ? "not " : op) + operand.description
        case .binary(let op, let lhs, let rhs): "\(lhs.description) \(op) \(rhs.description)"
        case .conditional: "... if ... else ..."
        case .lambda: "lambda"
        case .call(let callee, _): callee.description + "(...)"
        case .index(let base, _), .slice(let base, _, _, _): base.description + "[...]"
        case .attribute(let base, let name): base.description + "." + name
        case .invalid(let text): text
        }
    }
}
