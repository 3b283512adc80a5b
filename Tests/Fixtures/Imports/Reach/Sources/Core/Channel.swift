import Atomics

/// Core's own API names Atomics' types: a file of Http that uses it reaches them.
public struct Channel {
    public let counter: Counter
    public init() { counter = Counter() }
    public func load(ordering: Ordering) -> Int { counter.value }
}

public func makeCell() -> Cell<Int> { Cell(3) }

public final class Timer: Ticker {}

public struct Header {
    public var name: String
    public var value: String
    public init(name: String, value: String) { (self.name, self.value) = (name, value) }
}

public func identifiers<Element: Identifiable>(of elements: [Element]) -> [Element.ID] { elements.map(\.id) }

/// A case's payload: a file matching it has the payload's type at hand.
public enum Probe {
    case gauge(Gauge)
    case idle
}

public func probe() -> Probe { .gauge(Gauge()) }
