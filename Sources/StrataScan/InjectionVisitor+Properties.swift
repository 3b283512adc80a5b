import StrataModel
import SwiftSyntax

extension InjectionVisitor {
    // MARK: Properties

    func visitVariable(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let type = binding.typeAnnotation?.type
            recordWrappers(node, type: type)
            // A factory's body is walked for what it resolves, and nothing after it.
            if recordFactory(name, binding, type: type) { return .skipChildren }
            recordKeyPathElements(name, binding)
            recordKeyPathDefault(name, node, binding, type: type)
            recordDependencyValue(name, node, binding, type: type)
        }
        return entered(node)
    }

    /// The property wrappers of a property: built-in, configured or any `Inject...`.
    func recordWrappers(_ node: VariableDeclSyntax, type: TypeSyntax?) {
        for element in node.attributes {
            guard let attribute = element.as(AttributeSyntax.self),
                  let wrapper = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text,
                  wrappers.contains(wrapper) || wrapper.hasPrefix("Inject") else { continue }
            var arguments: [InjectionFact.Argument] = []
            if case .argumentList(let list)? = attribute.arguments {
                arguments = list.map { InjectionFact.Argument(label: $0.label?.text, text: Self.text($0.expression)) }
            }
            facts.append(InjectionFact(
                shape: .wrapper, name: wrapper, arguments: arguments, type: type.map(Self.unwrapped),
                context: contexts.last, line: line(of: attribute)))
        }
    }

    /// A service property of a container keyed by key paths that falls back on its properties.
    func recordKeyPathDefault(_ name: String, _ node: VariableDeclSyntax, _ binding: PatternBindingSyntax, type: TypeSyntax?) {
        guard let context = contexts.last, factory.keyPathContainers.contains(DeclarationFact.simpleName(context)),
              node.parent?.is(MemberBlockItemSyntax.self) == true, Self.isServiceProperty(node, binding) else { return }
        let body = binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map(Syntax.init)
        facts.append(InjectionFact(
            shape: .keyPathDefault, name: name, type: type.map(Self.unwrapped),
            implementation: body.flatMap { constructedType(in: $0) }, context: context, line: line(of: binding.pattern)))
    }

    /// Whether a member property of a key-path container is a service it serves: an instance
    /// property that is computed (`var service1: P { Impl() }`) or `lazy`; a stored one is the
    /// container's own state (its registrations, a lock).
    static func isServiceProperty(_ node: VariableDeclSyntax, _ binding: PatternBindingSyntax) -> Bool {
        let modifiers = node.modifiers.map(\.name.tokenKind)
        if modifiers.contains(.keyword(.static)) || modifiers.contains(.keyword(.class)) { return false }
        if modifiers.contains(.keyword(.lazy)) { return true }
        switch binding.accessorBlock?.accessors {
        case .getter?: return true
        case .accessors(let accessors)?: return accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) }
        case nil: return false
        }
    }

    /// `LoginDependency` from `LoginDependency!`, `LoginDependency?`, `any LoginDependency`,
    /// `(any LoginDependency)?`: the service a declared type names.
    static func unwrapped(_ type: TypeSyntax) -> String {
        ContainerMethodReader.baseName(type)
    }
}
