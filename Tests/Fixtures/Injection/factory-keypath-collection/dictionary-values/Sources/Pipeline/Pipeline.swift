import Factory

extension Container {
    func processors() -> [Processing] {
        Container.processingSteps.values.map { self[keyPath: $0]() }
    }
}
