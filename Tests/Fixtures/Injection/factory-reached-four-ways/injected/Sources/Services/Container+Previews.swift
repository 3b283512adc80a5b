import Factory

extension Container {
    public func setUpPreviews() {
        self.myService.register { MockService() }
    }
}
