import Factory

extension Container {
    var c: Factory<CycleService> { self { CycleService() } }
}

extension Container: @retroactive AutoRegistering {
    public func autoRegister() {
        // Demonstrates resolving a type
        register { SimpleService() }
    }
}

extension Container: @retroactive Resolving {}

public enum Setup {
    public static func registerServices() {
        let c = Container.shared
        c.register { MyService() as MyServiceType }
            .scope(.singleton)
    }
}
