import Factory

final class ProcessorRegistry {
    private static let entries: [(path: KeyPath<Container, Factory<Processing>>, enabled: Bool)] = [
        (path: \.processor1, enabled: true),
        (path: \.processor2, enabled: true),
    ]

    func processors(in container: Container = .shared) -> [Processing] {
        Self.entries
            .filter { $0.enabled }
            .compactMap({ entry in container[keyPath: entry.path]() })
    }
}
