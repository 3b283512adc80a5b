/// One parameter of a `def` or `lambda`.
package enum StarlarkParameter: Sendable {
    /// `x` or `x = default`.
    case named(String, default: StarlarkExpression?)
    /// `*args`, or a bare `*` (nil) after which parameters are keyword-only.
    case star(String?)
    /// `**kwargs`.
    case starStar(String)

    var defaultValue: StarlarkExpression? {
        if case .named(_, let value) = self { return value }
        return nil
    }
}
