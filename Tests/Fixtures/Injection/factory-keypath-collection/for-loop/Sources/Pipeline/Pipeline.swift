import Factory

struct Step {
    let factory: KeyPath<Container, Factory<Processing>>
    let name: String
}

enum Steps {
    static let all = [
        Step(
            factory: \Container.processor1,
            name: "uppercase"
        ),
        Step(factory: \Container.processor2, name: "trim"),
    ]
}

public final class Pipeline {
    public init() {}

    public func run(_ text: String) -> String {
        var result = text
        for step in Steps.all {
            let processor = Container.shared[keyPath: step.factory]()
            result = processor.process(result)
        }
        return result
    }
}
