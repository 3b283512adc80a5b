/// One argument of a call: `x`, `name = x`, `*args`, `**kwargs`.
package enum StarlarkArgument: Sendable {
    case positional(StarlarkExpression)
    case keyword(String, StarlarkExpression)
    case star(StarlarkExpression)
    case starStar(StarlarkExpression)

    package var value: StarlarkExpression {
        switch self {
        case .positional(let value), .keyword(_, let value), .star(let value), .starStar(let value): value
        }
    }
}
