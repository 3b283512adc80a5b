import Factory

extension Container: Resolving {}

public extension Container {
    var c: Factory<CycleService> {
        self { CycleService() }
    }
}

public func registerServices() {
    Container.shared.register { MyService() as MyServiceType }
    Container.shared.register {
        SimpleService()
    }
}
