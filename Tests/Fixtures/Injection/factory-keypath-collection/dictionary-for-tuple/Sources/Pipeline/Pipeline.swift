import Factory

struct Step {
    let factory: KeyPath<Container, Factory<Processing>>
    let order: Int
}

enum Steps {
    static let byName: [String: Step] = [
        "uppercase": Step(factory: \Container.processor1, order: 1),
        "trim": Step(
            factory: \Container.processor2,
            order: 2
        ),
    ]
}

public final class Pipeline {
    public init() {}

    public func run(_ text: String) -> String {
        var result = text
        for (_, step) in Steps.byName.sorted(by: { $0.value.order < $1.value.order }) {
            result = Container.shared[keyPath: step.factory]().process(result)
        }
        return result
    }
}
