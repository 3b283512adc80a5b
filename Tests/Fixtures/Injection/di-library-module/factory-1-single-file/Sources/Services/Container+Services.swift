import DI

public protocol MyServiceType { func text() -> String }
struct MyService: MyServiceType { func text() -> String { "live" } }

public extension Container {
    var myService: Factory<MyServiceType> { self { MyService() } }
}
