public enum Ordering {
    case relaxed
    case sequentiallyConsistent
}

open class Ticker {
    public init() {}
    public func tick() -> Int { 1 }
}

public struct Cell<Value> {
    public var stored: Value
    public init(_ stored: Value) { self.stored = stored }
    public func unwrapped() -> Value { stored }
}

public struct Gauge {
    public init() {}
    public func reading() -> Int { 1 }
}
