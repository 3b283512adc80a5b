import StrataModel

/// Finds a file's process-wide state from its declarations.
///
/// A `static` (or `class`) variable named `shared`, `instance` or `current`, outside a
/// protocol, is a shared instance, named after its type (`DIContainer.shared`); so is a
/// `default` of a class or actor (a struct's or enum's `default` is a value, not shared
/// state). A class, struct, enum or actor whose name ends in `Container` or `Assembler` is
/// taken for a DI container. The names are a heuristic: a type called `...Container` that holds no state
/// is a false positive the report shows with its line, so a reader can dismiss it.
enum Singletons {
    static let instanceNames: Set<String> = ["shared", "instance", "current"]

    static func find(in declarations: [DeclarationFact], file: String) -> [Singleton] {
        var found: [Singleton] = []
        var containers: [DeclarationFact] = []
        // A protocol's `static var shared: Self { get }` is a requirement, not state. (Most
        // files have no static `shared`: the names are gathered only for one that does.)
        lazy var protocols = Set(declarations.filter { $0.kind == .protocol }.map(\.name))
        lazy var classes = Set(declarations.filter { $0.kind == .class || $0.kind == .actor }.map(\.name))
        // By index: a declaration is read field by field, never copied whole (every file, every analysis).
        for index in declarations.indices {
            switch declarations[index].kind {
            case .class, .struct, .enum, .actor:
                if Singleton.containerSuffixes.contains(where: declarations[index].name.hasSuffix) { containers.append(declarations[index]) }
            case .var:
                guard declarations[index].traits.contains(.static) else { continue }
                let name = DeclarationFact.plainName(declarations[index].name)
                let parent = declarations[index].parent ?? ""
                guard instanceNames.contains(name) || (name == "default" && classes.contains(parent)),
                      !protocols.contains(parent) else { continue }
                found.append(Singleton(
                    name: declarations[index].parent.map { "\($0).\(name)" } ?? name,
                    evidence: Location(file: file, line: declarations[index].line)))
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
