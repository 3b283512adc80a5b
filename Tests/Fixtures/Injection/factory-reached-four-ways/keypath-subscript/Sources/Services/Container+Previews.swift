import Factory

extension Container {
    /// Previews swap the live service for a mock.
    public func setUpPreviews() {
        self[keyPath: \.myService].register { MockService() }
    }
}
