import Factory

extension Container {
    func processingSteps() -> [Processing] {
        Container.processingSteps.map { self[keyPath: $0]() }
    }
}
