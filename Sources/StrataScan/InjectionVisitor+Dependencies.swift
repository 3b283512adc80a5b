import StrataModel
import SwiftSyntax

extension InjectionVisitor {
    static let dependencyKeys: Set<String> = ["DependencyKey", "TestDependencyKey"]

    /// A type conforming to `DependencyKey`: a key, by its qualified name (keys are often
    /// nested: `AudioClient.Keys.Live`), with its values.
    func recordDependencyKey(_ node: some SyntaxProtocol, name: String, inherits: InheritanceClauseSyntax?) {
        let conformances = inherits?.inheritedTypes.map { $0.type.trimmedText } ?? []
        guard conformances.contains(where: Self.dependencyKeys.contains) else { return }
        let qualified = contexts.joined(separator: ".")
        facts.append(InjectionFact(
            shape: .dependencyKey, name: qualified, arguments: dependencyValues(in: node), type: qualified,
            implementation: dependencyValues(in: node).first { $0.label == "liveValue" }?.text,
            context: name, line: line(of: node)))
    }

    /// A dependency: a computed instance property of `DependencyValues` (not a local, a stored
    /// or a static property of the type itself), or one its `@DependencyEntry` macro makes, whose
    /// values are the macro's arguments and the default (`testValue`).
    func recordDependencyValue(_ name: String, _ node: VariableDeclSyntax, _ binding: PatternBindingSyntax, type: TypeSyntax?) {
        guard contexts.last == "DependencyValues", node.parent?.is(MemberBlockItemSyntax.self) == true,
              !node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) else { return }
        let entry = node.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
            .first { $0.attributeName.trimmedText == "DependencyEntry" }
        if let entry {
            var values: [InjectionFact.Argument] = []
            if case .argumentList(let list)? = entry.arguments {
                values = list.compactMap { argument in
                    argument.label.map { InjectionFact.Argument(label: $0.text, text: valueType(argument.expression)) }
                }
            }
            if let value = binding.initializer?.value {
                let made = valueType(value)
                if !values.contains(where: { $0.label == "liveValue" }) { values.insert(.init(label: "liveValue", text: made), at: 0) }
                values.append(.init(label: "testValue", text: made))
            }
            facts.append(InjectionFact(
                shape: .dependencyValue, name: name, arguments: values, type: type?.trimmedText,
                context: contexts.last, line: line(of: binding.pattern)))
        } else if let type, binding.accessorBlock != nil {
            let key = binding.accessorBlock.flatMap(subscriptKey)
            facts.append(InjectionFact(
                shape: .dependencyValue, name: name, type: type.trimmedText, implementation: key,
                context: contexts.last, line: line(of: binding.pattern)))
        }
    }

    /// A dependency key's static `liveValue`, `testValue` and `previewValue`, each labelled by
    /// its name with the type it constructs, else the type it is declared with.
    func dependencyValues(in node: some SyntaxProtocol) -> [InjectionFact.Argument] {
        guard let members = node.children(viewMode: .sourceAccurate).compactMap({ $0.as(MemberBlockSyntax.self) }).first
        else { return [] }
        var values: [InjectionFact.Argument] = []
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                let name = binding.pattern.trimmedText
                guard Self.dependencyValueNames.contains(name) else { continue }
                let value = binding.initializer.map(Syntax.init) ?? binding.accessorBlock.map(Syntax.init)
                // `Type.mock`: a static member of the type it names.
                let member = binding.initializer?.value.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
                if let made = value.flatMap({ constructedType(in: $0) }) ?? binding.typeAnnotation?.type.trimmedText
                    ?? member.flatMap({ $0.first?.isUppercase == true ? $0 : nil }) {
                    values.append(InjectionFact.Argument(label: name, text: made))
                }
            }
        }
        return values
    }

    static let dependencyValueNames: Set<String> = ["liveValue", "testValue", "previewValue"]

    /// What a value expression makes: the type it constructs, the type of a static member
    /// (`EntryValue.live`), else the expression as written.
    func valueType(_ expression: ExprSyntax) -> String {
        if let made = constructedType(in: Syntax(expression)) { return made }
        if let base = expression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
           base.first?.isUppercase == true { return base }
        return Self.text(expression)
    }

    /// `Key` in a `DependencyValues` accessor's `self[Key.self]`.
    func subscriptKey(_ node: AccessorBlockSyntax) -> String? {
        final class Finder: SyntaxVisitor {
            var found: String?
            override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, let first = node.arguments.first?.expression.trimmedText {
                    found = InjectionFact.Argument(label: nil, text: first).metatype
                }
                return .skipChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }
}
