import StrataModel

/// Finds a module's process-wide state from its files' declarations.
///
/// A `static` (or `class`) variable named `shared`, `instance` or `current`, outside a
/// protocol, is a shared instance, named after its type (`DIContainer.shared`); so is a
/// `default` of a class or actor (a struct's or enum's `default` is a value, not shared
/// state). A class, struct, enum or actor whose name ends in `Container` or `Assembler` is
/// taken for a DI container when the module gives it a method that registers, resolves or
/// assembles (`register`, `registerAll`, `resolve(_:)`, `assemble…`; not a view's
/// `registerCells` or `resolvedColor`), in the type or in an extension of it in any file:
/// Telegram-iOS's `NavigationContainer` nodes and `KeyedContainer` decoders are not.
/// The names are a heuristic the report shows with its line, so a reader can dismiss it.
enum Singletons {
    static let instanceNames: Set<String> = ["shared", "instance", "current"]
    /// How the methods of a container begin: the word, alone or before another word but those
    /// views and controllers register and resolve (`registerCells`, `registerForKeyboard…`).
    static let containerMethodPrefixes = ["register", "resolve", "assemble"]
    static let viewWords: Set<Substring> = [
        "Cell", "Cells", "Class", "Classes", "Nib", "Nibs", "For", "Keyboard", "Notification", "Notifications", "Observer",
        "Observers", "Font", "Fonts", "Background", "Undo", "Supplementary", "Decoration", "Color", "Colors", "Layout",
        "Gesture", "Gestures", "Trait", "Traits", "View", "Views", "Header", "Footer",
    ]

    /// `register`, `registerFactory`, `resolveAll`; not `registerCells`, `resolvedColor`.
    static func isContainerMethod(_ name: String) -> Bool {
        guard let prefix = containerMethodPrefixes.first(where: name.hasPrefix) else { return false }
        let rest = name.dropFirst(prefix.count)
        guard let first = rest.first else { return true }
        guard first.isUppercase else { return false }
        return !viewWords.contains(rest.prefix(1) + rest.dropFirst().prefix(while: \.isLowercase))
    }

    /// What one file declares: shared instances, types named as containers, and the types it
    /// gives a container's method; `kept` decides for the whole module.
    struct Found {
        var instances: [Singleton] = []
        var containers: [Singleton] = []
        var registering: Set<String> = []

        mutating func add(_ other: Found) {
            instances += other.instances
            containers += other.containers
            registering.formUnion(other.registering)
        }

        /// The module's process-wide state: its shared instances, and its container types that
        /// a container's method shows to be ones and no shared instance names more precisely.
        var kept: [Singleton] {
            let named = containers.filter { container in
                registering.contains(DeclarationFact.simpleName(container.name)) && !instances.contains { $0.name.hasPrefix(container.name + ".") }
            }
            return (instances + named).sorted()
        }
    }

    static func find(in declarations: [DeclarationFact], file: String) -> Found {
        var found = Found()
        // A protocol's `static var shared: Self { get }` is a requirement, not state. (Most
        // files have no static `shared`: the names are gathered only for one that does.)
        lazy var protocols = Set(declarations.filter { $0.kind == .protocol }.map(\.name))
        lazy var classes = Set(declarations.filter { $0.kind == .class || $0.kind == .actor }.map(\.name))
        // By index: a declaration is read field by field, never copied whole (every file, every analysis).
        for index in declarations.indices {
            switch declarations[index].kind {
            case .class, .struct, .enum, .actor:
                if Singleton.containerSuffixes.contains(where: declarations[index].name.hasSuffix) {
                    found.containers.append(Singleton(name: declarations[index].name, evidence: Location(file: file, line: declarations[index].line)))
                }
            case .func:
                guard let parent = declarations[index].parent else { continue }
                let name = DeclarationFact.plainName(declarations[index].name)
                if isContainerMethod(name) { found.registering.insert(DeclarationFact.simpleName(parent)) }
            case .var:
                guard declarations[index].traits.contains(.static) else { continue }
                let name = DeclarationFact.plainName(declarations[index].name)
                let parent = declarations[index].parent ?? ""
                guard instanceNames.contains(name) || (name == "default" && classes.contains(parent)),
                      !protocols.contains(parent) else { continue }
                found.instances.append(Singleton(
                    name: declarations[index].parent.map { "\($0).\(name)" } ?? name,
                    evidence: Location(file: file, line: declarations[index].line)))
            default:
                continue
            }
        }
        return found
    }
}
