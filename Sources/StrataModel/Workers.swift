/// How an analysis spreads work that is independent: the analyses are pure functions and start
/// no thread themselves. The pipeline hands them all cores (`StrataSourceTree.AllCores`); the
/// default runs in order, on the caller's thread.
public protocol Workers: Sendable {
    /// `body(0..<count)`, results in index order.
    func map<T>(_ count: Int, _ body: (Int) -> T) -> [T]
}

/// One index after the other, on the calling thread.
public struct SerialWorkers: Workers {
    public init() {}

    public func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] { (0..<count).map(body) }
}

extension Workers {
    /// `first` and `second`, side by side when the workers allow.
    public func both<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        let results: [Either<A, B>] = map(2) { $0 == 0 ? .first(first()) : .second(second()) }
        guard case .first(let a) = results[0], case .second(let b) = results[1] else { preconditionFailure("map keeps index order") }
        return (a, b)
    }
}

private enum Either<A, B> {
    case first(A)
    case second(B)
}
