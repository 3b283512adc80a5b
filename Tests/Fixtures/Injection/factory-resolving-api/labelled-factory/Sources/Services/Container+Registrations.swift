import Factory

extension Container: Resolving, AutoRegistering {
    public func autoRegister() {
        register(factory: { MyService() as MyServiceType })
            .singleton
        self.register(factory: {
            SimpleService()
        })
    }

    var c: Factory<CycleService> { self { CycleService() } }
}
