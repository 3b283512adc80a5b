public struct Wide {
    public var magnitude: Int
    public init(_ magnitude: Int) { self.magnitude = magnitude }

    public static func + (lhs: Wide, rhs: Wide) -> Wide { Wide(lhs.magnitude + rhs.magnitude) }
}
