import Factory

extension Container {
    public func setUpPreviews() {
        myService
            .register { MockService() }
    }
}
