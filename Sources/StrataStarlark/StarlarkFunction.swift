/// A function defined with `def` or `lambda`: its parameters with their defaults (evaluated
/// when it was defined), its body, the module whose globals it reads, and the locals of the
/// function it was nested in (captured as they were when it was defined).
package final class StarlarkFunction: @unchecked Sendable {
    package let name: String
    package let parameters: [StarlarkBoundParameter]
    package let body: [StarlarkStatement]
    package let module: StarlarkModule
    package let captured: [String: StarlarkValue]
    package let location: StarlarkLocation

    init(
        name: String, parameters: [StarlarkBoundParameter], body: [StarlarkStatement], module: StarlarkModule,
        captured: [String: StarlarkValue], location: StarlarkLocation
    ) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.module = module
        self.captured = captured
        self.location = location
    }
}
