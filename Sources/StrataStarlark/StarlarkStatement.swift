/// One statement of a Starlark file, with its line.
package indirect enum StarlarkStatement: Sendable {
    case expression(StarlarkExpression)
    /// `x = value`, `a, b = pair`, `x += value` (`operator` is `+`), `d[k] = v`, `s.f = v`.
    case assignment(target: StarlarkExpression, operator: String?, value: StarlarkExpression, line: Int)
    case definition(StarlarkDefinition)
    case `return`(StarlarkExpression?, line: Int)
    /// `if`, each `elif`, in order (a flat list, so a long chain nests nothing), and `else`.
    case `if`(branches: [(condition: StarlarkExpression, body: [StarlarkStatement])], else: [StarlarkStatement], line: Int)
    case `for`(target: StarlarkExpression, iterable: StarlarkExpression, body: [StarlarkStatement], line: Int)
    case `break`(line: Int)
    case `continue`(line: Int)
    case pass(line: Int)
    case load(StarlarkLoad)

    package var line: Int {
        switch self {
        case .expression(let expression): expression.line
        case .definition(let definition): definition.line
        case .load(let load): load.line
        case .assignment(_, _, _, let line), .return(_, let line), .if(_, _, let line), .for(_, _, _, let line),
            .break(let line), .continue(let line), .pass(let line):
            line
        }
    }
}
