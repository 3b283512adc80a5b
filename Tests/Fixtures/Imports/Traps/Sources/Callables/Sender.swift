public struct Sender: Sendable {
    public init() {}
}

// Called as `sender(1)`: the file never spells it.
extension Sender {
    public func callAsFunction(_ value: Int) -> Int { value }
}
