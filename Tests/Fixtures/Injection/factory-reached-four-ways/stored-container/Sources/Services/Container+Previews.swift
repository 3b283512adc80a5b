import Factory

extension Container: AutoRegistering {
    public func autoRegister() {
        myService.onArg("mock") { MockService() }
    }
}
