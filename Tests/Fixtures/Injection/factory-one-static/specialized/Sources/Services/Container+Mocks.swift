import Factory

extension Container {
    /// Previews swap the live service for a mock.
    public static func setupMocks() {
        Container.myService.register { MockService() }
    }
}
