/// A parameter of a defined function, its default evaluated.
package enum StarlarkBoundParameter: Sendable {
    case named(String, default: StarlarkValue?, keywordOnly: Bool)
    case star(String)
    case starStar(String)
}
