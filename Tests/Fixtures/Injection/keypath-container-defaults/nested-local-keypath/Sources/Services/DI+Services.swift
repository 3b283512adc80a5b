public protocol ServiceType { func text() -> String }
struct LiveService: ServiceType { func text() -> String { "live" } }
struct CachedService: ServiceType { func text() -> String { "cached" } }
public struct MockService: ServiceType {
    public init() {}
    public func text() -> String { "mock" }
}

extension DI.Container {
    public var service1: ServiceType { LiveService() }

    public var service2: ServiceType {
        CachedService()
    }

    public var service3: ServiceType {
        return LiveService()
    }
}
