public protocol MyServiceType { func text() -> String }
struct MyService: MyServiceType { func text() -> String { "live" } }
struct MockService: MyServiceType { func text() -> String { "mock" } }
public struct MyConstructedService {
    let service: MyServiceType
    public func text() -> String { service.text() }
}
