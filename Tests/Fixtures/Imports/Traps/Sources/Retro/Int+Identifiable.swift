// A retroactive conformance: a file may need it without naming anything declared here.
extension Int: @retroactive Identifiable {
    public var id: Int { self }
}
