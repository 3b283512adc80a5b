import Factory

public protocol ServiceType { func text() -> String }
struct LiveService: ServiceType { func text() -> String { "live" } }
struct CachedService: ServiceType { func text() -> String { "cached" } }
public struct MockService: ServiceType {
    public init() {}
    public func text() -> String { "mock" }
}

extension ServiceContainer {
    public var service1: Factory<ServiceType> { self { LiveService() } }
    public var service2: Factory<ServiceType> { self { CachedService() }.singleton }
    public var service3: Factory<ServiceType> { self { LiveService() } }
}
