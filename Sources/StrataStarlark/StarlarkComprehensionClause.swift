/// A `for target in iterable` or `if condition` of a comprehension.
package enum StarlarkComprehensionClause: Sendable {
    case `for`(target: StarlarkExpression, iterable: StarlarkExpression)
    case `if`(StarlarkExpression)

    var expressions: [StarlarkExpression] {
        switch self {
        case .for(let target, let iterable): [target, iterable]
        case .if(let condition): [condition]
        }
    }
}
