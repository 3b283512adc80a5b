import StrataModel

/// Collections of key paths to Factory properties that the repository resolves by subscript:
/// `static let processors = [Tag(path: \.processor1, priority: 20), ...]` in one file,
/// `Container.processors.map { self[keyPath: $0.path]() }` in another. Each key path of such a
/// collection is a resolution of its factory (`InjectionFact.Shape.keyPathElement`); a
/// collection no subscript reads resolves nothing.
struct KeyPathCollections {
    /// A subscript over a collection: its name, and the member of each element it reads.
    private struct Read: Hashable {
        var collection: String
        var member: String
    }

    private let reads: Set<Read>

    init(files: some Sequence<SourceFile>) {
        var reads: Set<Read> = []
        for file in files {
            for fact in file.facts.injections where fact.shape == .keyPathSubscript {
                if let collection = fact.receiver { reads.insert(Read(collection: collection, member: fact.name)) }
            }
        }
        self.reads = reads
    }

    /// Whether a key path kept in a collection is resolved: a subscript reads its collection,
    /// and the element itself (`$0`, `\.a` in `[\.a, \.b]`) or the member it is passed under
    /// (`$0.path`, `Tag(path: \.a)`; `$0.0` for an unlabelled tuple element, `$0.value` for a
    /// dictionary's).
    func resolves(_ element: InjectionFact) -> Bool {
        guard element.shape == .keyPathElement, let collection = element.receiver, !reads.isEmpty else { return false }
        let label = element.arguments.first?.label
        return reads.contains { read in
            guard read.collection == collection else { return false }
            if let label { return read.member == label }
            // `$0.value` over a dictionary reads the element a dictionary literal keeps.
            return read.member.isEmpty || read.member.allSatisfy(\.isNumber) || read.member == "value"
        }
    }
}
