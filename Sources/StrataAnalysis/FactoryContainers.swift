import StrataModel

/// What the symbol index says about Factory (hmlongco/Factory) across the repository: which
/// properties are factories, which types and protocols hold them, which properties hold such a
/// container and which functions resolve a key path to a factory. Each file is scanned on its
/// own, so a file reaching a factory through a container declared elsewhere
/// (`container.myService()` with `let container: Container` in another file, `provider.x()`
/// with a protocol `Container` conforms to, `dependency(\.x)`) is read again with this.
enum FactoryContainers {
    /// `Factory<T>` as written in a declaration's type.
    static func isFactory(_ type: String) -> Bool {
        type.utf8.contains(UInt8(ascii: "<")) && InjectionNames.factoryTypes.contains(DeclarationFact.simpleName(type))
    }

    /// The Factory part of `InjectionNames`; empty when the repository declares no factory.
    static func names(in files: some Sequence<FileFacts>) -> InjectionNames {
        var names = InjectionNames()
        for facts in files {
            for fact in facts.injections where fact.shape == .factory {
                names.factories.insert(fact.name)
                if let context = fact.context { names.factoryContainers.insert(DeclarationFact.simpleName(context)) }
            }
            // A file declaring a factory spells its type: most files are not read further.
            guard InjectionNames.factoryTypes.contains(where: { facts.referenceIndex(of: $0) != nil }) else { continue }
            // By index: a declaration is read field by field, never copied whole (this runs on
            // every declaration of the repository, warm runs included).
            let declarations = facts.declarations
            for index in declarations.indices where declarations[index].kind == .var {
                if let type = declarations[index].type, isFactory(type) {
                    names.factories.insert(declarations[index].name)
                    if let parent = declarations[index].parent { names.factoryContainers.insert(DeclarationFact.simpleName(parent)) }
                }
            }
        }
        // Most repositories declare no factory: nothing more to look for.
        guard !names.factories.isEmpty else { return InjectionNames() }
        // `extension Container: ServiceProviding {}`: the protocol reaches the container's factories.
        let holders = names.factoryContainers
        for facts in files {
            for declaration in facts.declarations where declaration.kind.isType || declaration.kind == .extension {
                if !declaration.inherits.isEmpty, holders.contains(DeclarationFact.simpleName(declaration.name)) {
                    names.factoryContainers.formUnion(declaration.inherits)
                }
            }
        }
        names.factoryContainers.formUnion(["Container"])
        for facts in files {
            for declaration in facts.declarations {
                guard let type = declaration.type else { continue }
                if declaration.kind == .var, let parent = declaration.parent,
                   names.factoryContainers.contains(baseName(type)) {
                    names.factoryMembers.insert("\(DeclarationFact.simpleName(parent)).\(declaration.name)")
                } else if declaration.kind == .func, type.contains("KeyPath<"), InjectionNames.factoryTypes.contains(where: { type.contains($0 + "<") }) {
                    names.factoryResolvers.insert(declaration.name)
                }
            }
        }
        return names
    }

    /// `Container` from `Container`, `Container?`, `any ServiceProviding`, `Container!`.
    static func baseName(_ type: String) -> String {
        var text = Substring(type)
        for prefix in ["any ", "some "] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        while text.hasSuffix("?") || text.hasSuffix("!") { text = text.dropLast() }
        return String(text)
    }
}
