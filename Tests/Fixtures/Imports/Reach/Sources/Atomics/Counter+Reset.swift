// A member Counter gains in an extension in a file of its own.
extension Counter {
    public func reset() { increment(by: -value) }
}
