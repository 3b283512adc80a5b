/// A value an atomic can hold: the standard integers conform here.
public protocol AtomicValue {
    static var zero: Self { get }
}

extension Int: AtomicValue {
    public static var zero: Int { 0 }
}

extension UInt8: AtomicValue {
    public static var zero: UInt8 { 0 }
}

extension Bool: AtomicValue {
    public static var zero: Bool { false }
}

public final class Counter {
    public private(set) var value: Int
    public init() { value = 0 }
    public func increment(by amount: Int) { value += amount }
}
