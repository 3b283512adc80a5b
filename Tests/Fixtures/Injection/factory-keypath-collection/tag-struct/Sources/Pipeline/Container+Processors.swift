import Factory

extension SharedContainer {
    var processor1: Factory<Processing> { self { UppercaseProcessor() } }
    var processor2: Factory<Processing> { self { TrimmingProcessor() } }
    var processor3: Factory<Processing> { self { ReversingProcessor() } }
}

struct Tag<T> {
    let path: KeyPath<Container, Factory<T>>
    let priority: Int
}

extension Container {
    static let processors: [Tag<Processing>] = [
        Tag(path: \.processor1, priority: 20),
        Tag(path: \.processor2, priority: 10),
    ]

    func processors() -> [Processing] {
        Container.processors
            .sorted(by: { $0.priority < $1.priority })
            .map { self[keyPath: $0.path]() }
    }
}
