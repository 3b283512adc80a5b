// A conformance of a standard type to a standard protocol: a generic call may need it
// without naming anything declared here.
extension Bool: @retroactive Identifiable {
    public var id: Bool { self }
}
