import StrataModel

/// Finds a file's process-wide state from its declarations, by name.
///
/// The scanned facts say neither whether a `var`/`let` is `static` nor which type encloses it,
/// so this is a name heuristic: a variable named `shared`, `default`, `instance` or `current`
/// is taken for a shared instance, credited to the nearest type or extension declared before it
/// in the file (declarations come in source order); and a class, struct, enum or actor whose
/// name ends in `Container`, `Assembler` or `Resolver` is taken for a DI container. An instance
/// property with one of those names, or a view named `...Container`, is a false positive the
/// report shows with its line, so a reader can dismiss it.
enum Singletons {
    static let instanceNames: Set<String> = ["shared", "default", "instance", "current"]

    static func find(in declarations: [DeclarationFact], file: String) -> [Singleton] {
        var found: [Singleton] = []
        var enclosing: DeclarationFact?
        var containers: [DeclarationFact] = []
        for declaration in declarations {
            switch declaration.kind {
            case .class, .struct, .enum, .actor:
                enclosing = declaration
                if Singleton.containerSuffixes.contains(where: declaration.name.hasSuffix) { containers.append(declaration) }
            case .extension, .protocol:
                enclosing = declaration
            case .var:
                // Backticks only in `` `default` ``; most variables are not worth a copy.
                let name = declaration.name.first == "`" ? declaration.name.filter { $0 != "`" } : declaration.name
                // A protocol's `static var shared: Self { get }` is a requirement, not state.
                guard instanceNames.contains(name), enclosing?.kind != .protocol else { continue }
                found.append(Singleton(
                    name: enclosing.map { "\($0.name).\(name)" } ?? name,
                    evidence: Location(file: file, line: declaration.line)))
            default:
                continue
            }
        }
        // A container with a `shared` already names its state more precisely.
        for container in containers where !found.contains(where: { $0.name.hasPrefix(container.name + ".") }) {
            found.append(Singleton(name: container.name, evidence: Location(file: file, line: container.line)))
        }
        return found.sorted()
    }
}
