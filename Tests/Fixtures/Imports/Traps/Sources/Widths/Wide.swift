public struct Wide {
    public var magnitude: Int
    public init(_ magnitude: Int) { self.magnitude = magnitude }
}
