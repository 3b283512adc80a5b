import SwiftSyntax

/// Reads the key paths DI code keeps and resolves: a collection of key paths to factories
/// (`static let processors = [Tag(path: \.processor1, priority: 20)]`), the subscript that
/// resolves each of its elements (`Container.processors.map { self[keyPath: $0.path]() }`), and
/// a key path kept in a local before a call (`let path = \.service1; container.resolve(path)`).
/// Facts: `InjectionFact.Shape.keyPathElement` and `.keyPathSubscript`.
enum KeyPathReader {
    /// `processor1` in `\.processor1`, `\Container.processor1` or `\.processor1.name`: the
    /// property a key path starts with.
    static func property(_ path: KeyPathExprSyntax) -> String? {
        path.components.first?.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text
    }

    /// The key paths an array literal holds, each with the label it is passed under in its
    /// element: `[\.a, \.b]` (no label), `[Tag(path: \.a, priority: 1)]` (`path`), `[(\.a, 1)]`.
    /// A dictionary literal's values likewise: `["trim": \.a]`, `["trim": Step(path: \.a)]`.
    static func elements(of value: ExprSyntax) -> [(label: String?, path: KeyPathExprSyntax)] {
        let expressions: [ExprSyntax]
        if let array = value.as(ArrayExprSyntax.self) {
            expressions = array.elements.map(\.expression)
        } else if case .elements(let elements)? = value.as(DictionaryExprSyntax.self)?.content {
            expressions = elements.map(\.value)
        } else {
            return []
        }
        var found: [(label: String?, path: KeyPathExprSyntax)] = []
        for expression in expressions {
            if let path = expression.as(KeyPathExprSyntax.self) {
                found.append((nil, path))
            } else if let call = expression.as(FunctionCallExprSyntax.self) {
                for argument in call.arguments {
                    if let path = argument.expression.as(KeyPathExprSyntax.self) { found.append((argument.label?.text, path)) }
                }
            } else if let tuple = expression.as(TupleExprSyntax.self) {
                for item in tuple.elements {
                    if let path = item.expression.as(KeyPathExprSyntax.self) { found.append((item.label?.text, path)) }
                }
            }
        }
        return found
    }

    /// For `self[keyPath: $0.path]()` (or `tag.path`, `$0`), the collection whose elements the
    /// subscript reads and the member of the element it reads (empty when the element is the
    /// key path): the base of `processors.map { }` (also `forEach`, `compactMap`, `flatMap`,
    /// after `sorted`, `filter`, `reversed`...) whose closure binds the variable, or the
    /// sequence of a `for` loop binding it. Nil for a key path from anywhere else (a parameter).
    static func collection(read subscriptCall: SubscriptCallExprSyntax) -> (collection: String, member: String)? {
        guard subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first,
              argument.label?.text == "keyPath" else { return nil }
        var expression = argument.expression
        var member = ""
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
            member = access.declName.baseName.text
            expression = base
        }
        // A dictionary's element read through its value (`$0.value.path`; `$0.value` is the member
        // `value`, which `KeyPathCollections` takes for the element itself too).
        if let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "value", let base = access.base {
            expression = base
        }
        guard let variable = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        var child = Syntax(subscriptCall)
        for ancestor in sequence(first: subscriptCall.parent, next: { $0?.parent }).lazy.compactMap({ $0 }).prefix(64) {
            defer { child = ancestor }
            if ancestor.is(DeclSyntax.self) && !ancestor.is(VariableDeclSyntax.self) { return nil }
            if let loop = ancestor.as(ForStmtSyntax.self), child.id == loop.body.id {
                // `for step in steps`, or over a dictionary `for (name, step) in steps`.
                let value = loop.pattern.as(IdentifierPatternSyntax.self)
                    ?? loop.pattern.as(TuplePatternSyntax.self).flatMap { tuple in
                        tuple.elements.count == 2 ? tuple.elements.last?.pattern.as(IdentifierPatternSyntax.self) : nil
                    }
                guard value?.identifier.text == variable else { continue }
                return collectionName(loop.sequence).map { ($0, member) }
            }
            guard let closure = ancestor.as(ClosureExprSyntax.self) else { continue }
            guard ValueReader.parameters(of: closure).contains(variable) else { continue }
            // `s.map { }` with a trailing closure, or `s.map({ })`.
            let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
            guard let call, let method = call.calledExpression.as(MemberAccessExprSyntax.self),
                  ValueReader.iterations.contains(method.declName.baseName.text), let base = method.base else { return nil }
            return collectionName(base).map { ($0, member) }
        }
        return nil
    }

    /// `processors` in `Container.processors`, `Self.processors.sorted(by: ...)`, `tags.lazy`,
    /// `steps.values`.
    static func collectionName(_ expression: ExprSyntax) -> String? {
        var expression = expression
        for _ in 0..<8 {
            if let call = expression.as(FunctionCallExprSyntax.self), let method = call.calledExpression.as(MemberAccessExprSyntax.self),
               reorderings.contains(method.declName.baseName.text), let base = method.base {
                expression = base
            } else if let access = expression.as(MemberAccessExprSyntax.self), ["lazy", "values"].contains(access.declName.baseName.text),
                      let base = access.base {
                expression = base
            } else {
                break
            }
        }
        if let access = expression.as(MemberAccessExprSyntax.self), access.base != nil { return access.declName.baseName.text }
        return expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// Methods that keep a collection's elements (some of them, in another order).
    static let reorderings: Set<String> = ["sorted", "filter", "reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast"]
}
