public struct Frame {
    public init() {}
}
