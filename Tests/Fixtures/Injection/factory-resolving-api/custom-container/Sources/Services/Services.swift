public protocol MyServiceType { func text() -> String }
struct MyService: MyServiceType { func text() -> String { "service" } }
public struct SimpleService {
    public init() {}
    public func text() -> String { "simple" }
}
struct CycleService {}
