import Factory

public extension Container {
    func setUpPreviews() {
        myService.onPreview { MockService() }
    }
}
