import StrataModel
import SwiftSyntax

extension InjectionVisitor {
    // MARK: Reading expressions

    /// The type a call inferring its result from its context returns, and where it comes
    /// from (`InjectionFact.key`): `declared` (`let x: T? = c.resolve()`), `cast`
    /// (`c.resolve() as P`), `assigned` (`wrappedValue = c.resolve()`, the property's declared
    /// type) or `returned` (the enclosing function's or computed property's type).
    static func contextualType(of call: FunctionCallExprSyntax) -> (type: String, source: String)? {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
        guard let parent = node.parent else { return nil }
        if let binding = parent.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.typeAnnotation.map { (unwrapped($0.type), "declared") }
        }
        if let list = parent.as(ExprListSyntax.self) {
            let elements = Array(list)
            guard let index = elements.firstIndex(where: { $0.id == node.id }) else { return nil }
            // `as P` types the call; `as? P` and `as! P` only cast what it returned (a generic
            // result cannot be inferred from them), so they say nothing of a resolution.
            if index + 2 < elements.count, let cast = elements[index + 1].as(UnresolvedAsExprSyntax.self),
               cast.questionOrExclamationMark == nil, let type = elements[index + 2].as(TypeExprSyntax.self) {
                return (unwrapped(type.type), "cast")
            }
            if index == 2, elements[1].is(AssignmentExprSyntax.self), let property = assignedProperty(elements[0]),
               let type = storedPropertyType(property, around: call) {
                return (type, "assigned")
            }
            return nil
        }
        // `return c.resolve()`, or the only statement of a function's or a getter's body.
        let body = parent.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self)
        let onlyStatement = body?.count == 1 && (body?.parent?.is(AccessorBlockSyntax.self) == true
            || body?.parent?.parent?.is(FunctionDeclSyntax.self) == true || body?.parent?.parent?.is(AccessorDeclSyntax.self) == true)
        guard parent.is(ReturnStmtSyntax.self) || onlyStatement else { return nil }
        for ancestor in sequence(first: parent, next: \.parent) {
            if ancestor.is(ClosureExprSyntax.self) { return nil }
            if let function = ancestor.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause.map { (unwrapped($0.type), "returned") }
            }
            if let binding = ancestor.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation.map { (unwrapped($0.type), "returned") }
            }
            if ancestor.is(DeclSyntax.self) && !ancestor.is(AccessorDeclSyntax.self) { return nil }
        }
        return nil
    }

    /// `x` in `x = ...` or `self.x = ...`.
    static func assignedProperty(_ target: ExprSyntax) -> String? {
        if let reference = target.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = target.as(MemberAccessExprSyntax.self),
              member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
        return member.declName.baseName.text
    }

    /// The declared type of the property `name` of the type around a node.
    static func storedPropertyType(_ name: String, around node: some SyntaxProtocol) -> String? {
        storedProperty(name, around: node).map(unwrapped)
    }

    /// What a factory closure declares it returns: its signature's result type
    /// (`{ () -> P in ... }`), or the type its only statement casts to (Factory's
    /// `register { Impl() as P }`).
    static func resultType(_ closure: ClosureExprSyntax) -> String? {
        if let output = closure.signature?.returnClause?.type { return unwrapped(output) }
        return castType(closure)
    }

    /// `P` when a closure's only statement casts to it: Factory's `register { Impl() as P }`.
    static func castType(_ closure: ClosureExprSyntax) -> String? {
        guard closure.statements.count == 1, let item = closure.statements.first?.item,
              let sequence = item.as(SequenceExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression?.as(SequenceExprSyntax.self)
        else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self), elements[1].as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark == nil,
              let type = elements[2].as(TypeExprSyntax.self) else { return nil }
        return type.type.trimmedText
    }

    /// An argument as written, with closures shortened and long text cut.
    static func text(_ expression: some SyntaxProtocol) -> String {
        if expression.is(ClosureExprSyntax.self) { return "{…}" }
        let text = expression.trimmedText
        return text.utf8.count <= 120 ? text : String(text.prefix(117)) + "..."
    }

    /// The first type the code constructs: a call whose callee is a capitalized name.
    func constructedType(in node: Syntax) -> String? {
        final class Finder: SyntaxVisitor {
            var found: String?
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard found == nil else { return .skipChildren }
                // `Type(...)`, `Outer.Type(...)`, `Network<HomeResponse>()` (the specialized type
                // as written), `Type.init(...)` or a static factory `Type.live(...)`.
                let called = node.calledExpression
                let callee = InjectionVisitor.typeName(called)
                    ?? called.as(MemberAccessExprSyntax.self)?.base.flatMap(InjectionVisitor.typeName)
                guard let callee, !InjectionVisitor.factoryTypes.contains(String(callee.prefix { $0 != "<" && $0 != "." }))
                else { return .visitChildren }
                found = callee
                return .skipChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(node)
        if let found = finder.found { return found }
        // A closure returning a shared instance (`{ MockStorage.shared }`) or a local made
        // before it (`let mock = ServiceMock(); ... register { mock }`).
        guard let closure = node.as(ClosureExprSyntax.self), let only = ValueReader.single(closure.statements) else { return nil }
        if let member = only.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
           base.first?.isUppercase == true {
            return base
        }
        if let reference = only.as(DeclReferenceExprSyntax.self), let value = Self.local(reference.baseName.text, before: closure) {
            return constructedType(in: Syntax(value))
        }
        return nil
    }

    /// The type a value has as its syntax says it, what a generic parameter `T` of a value
    /// parameter `_ value: T` is bound to: `Impl(…)`, `Impl.init(…)` and `Outer.Impl(…)` make
    /// their type, `v as P` is a `P`, and a name is what its local (`let v: P = …`, `let v =
    /// Impl()`), the enclosing function's parameter (`_ v: P`) or the enclosing type's stored
    /// property declares. Nil for anything else (`Impl.shared`, `make()`): its type is not
    /// written there.
    static func staticType(of expression: ExprSyntax, at node: some SyntaxProtocol, depth: Int = 0) -> String? {
        guard depth < 4 else { return nil }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
                  let type = elements[2].as(TypeExprSyntax.self) else { return nil }
            return existential(type.type)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            var callee = call.calledExpression
            if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`),
               let base = member.base {
                callee = base
            }
            return typeName(callee)
        }
        if let property = assignedProperty(expression), expression.is(MemberAccessExprSyntax.self) {
            return storedProperty(property, around: node).flatMap(existential)
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        // `guard let`, `if let`, `for` or a closure's parameter of the name: its type is not written.
        guard !isRebound(name, at: node) else { return nil }
        if let binding = localBinding(name, before: node) {
            if let annotation = binding.typeAnnotation { return existential(annotation.type) }
            return binding.initializer.flatMap { staticType(of: $0.value, at: binding, depth: depth + 1) }
        }
        for ancestor in sequence(first: Syntax(node), next: \.parent) {
            let parameters = ancestor.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                ?? ancestor.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            if let parameters {
                if let parameter = parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) { return existential(parameter.type) }
                return storedProperty(name, around: ancestor).flatMap(existential)
            }
        }
        return nil
    }

    /// The type a value declared `type` has as a generic argument: `P` for `P`, `any P` and
    /// `(any P)`; nil for an optional (`P?`, `P!`: the value is an `Optional<P>`) and an opaque
    /// type (`some P`: its concrete type is hidden).
    static func existential(_ type: TypeSyntax) -> String? {
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return existential(only.type)
        }
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return nil }
        if let some = type.as(SomeOrAnyTypeSyntax.self) {
            return some.someOrAnySpecifier.tokenKind == .keyword(.any) ? existential(some.constraint) : nil
        }
        return type.trimmedText
    }

    /// The declared type of the stored property `name` of the type around a node, as written.
    static func storedProperty(_ name: String, around node: some SyntaxProtocol) -> TypeSyntax? {
        for ancestor in sequence(first: Syntax(node), next: \.parent) {
            guard let members = ancestor.as(MemberBlockSyntax.self) else { continue }
            for member in members.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return binding.typeAnnotation?.type
                }
            }
            return nil
        }
        return nil
    }

    /// Whether `name` is bound again between its use at `node` and the function around it,
    /// by something whose type is not written: `guard let` before it in a block around it,
    /// `if let`/`while let` around it, a `for` pattern or a closure's parameter.
    static func isRebound(_ name: String, at node: some SyntaxProtocol) -> Bool {
        func binds(_ conditions: ConditionElementListSyntax) -> Bool {
            conditions.contains { $0.condition.as(OptionalBindingConditionSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        }
        var child = Syntax(node)
        for ancestor in sequence(first: node.parent, next: { $0?.parent }).lazy.compactMap({ $0 }).prefix(64) {
            defer { child = ancestor }
            if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(InitializerDeclSyntax.self) { return false }
            if let statement = ancestor.as(IfExprSyntax.self), statement.body.id == child.id, binds(statement.conditions) { return true }
            if let statement = ancestor.as(WhileStmtSyntax.self), statement.body.id == child.id, binds(statement.conditions) { return true }
            if let statement = ancestor.as(ForStmtSyntax.self), statement.body.id == child.id,
               statement.pattern.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name }) { return true }
            if let closure = ancestor.as(ClosureExprSyntax.self), let signature = closure.signature,
               signature.parameterClause?.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name }) == true { return true }
            if let items = ancestor.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    if item.id == child.id { break }
                    if let guardStatement = item.item.as(GuardStmtSyntax.self), binds(guardStatement.conditions) { return true }
                }
            }
        }
        return false
    }

    /// `Impl`, `Outer.Impl` or `Box<Item>` as a callee names a type: capitalized, every part.
    static func typeName(_ callee: ExprSyntax) -> String? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase == true ? reference.baseName.text : nil
        }
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
           member.declName.baseName.text.first?.isUppercase == true, let outer = typeName(base) {
            return outer + "." + member.declName.baseName.text
        }
        if let generic = callee.as(GenericSpecializationExprSyntax.self), typeName(generic.expression) != nil {
            return generic.trimmedText
        }
        return nil
    }

    /// The value of `let name = value` in a block around `node`, before it.
    static func local(_ name: String, before node: some SyntaxProtocol) -> ExprSyntax? {
        localBinding(name, before: node)?.initializer?.value
    }

    /// The binding of `let name …` in a block around `node`, before it.
    static func localBinding(_ name: String, before node: some SyntaxProtocol) -> PatternBindingSyntax? {
        var child = Syntax(node)
        for ancestor in sequence(first: node.parent, next: { $0?.parent }).lazy.compactMap({ $0 }).prefix(64) {
            defer { child = ancestor }
            // Through the `let x = ...` the node is the value of, not past a function or type.
            if ancestor.is(DeclSyntax.self) && !ancestor.is(VariableDeclSyntax.self) { return nil }
            guard let items = ancestor.as(CodeBlockItemListSyntax.self) else { continue }
            for item in items {
                if item.id == child.id { break }
                guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return binding
                }
            }
        }
        return nil
    }

    /// A value a call hands over instead of a factory: `register(P.self, Impl())`,
    /// `register(Impl() as P)`.
    func constructedArgument(_ call: FunctionCallExprSyntax) -> String? {
        guard call.trailingClosure == nil else { return nil }
        // The value is after the key (`register(P.self, Impl())`, `register(String(describing:
        // P.self), Impl())`), or the one argument (`register(Impl() as P)`).
        for argument in call.arguments.dropFirst(call.arguments.count == 1 ? 0 : 1) {
            var value = argument.expression
            // A value made before the call: `let repo = LiveRepo(); register(Repo.self, repo)`.
            if let reference = value.as(DeclReferenceExprSyntax.self), let local = Self.local(reference.baseName.text, before: call) {
                value = local
            }
            // `Impl() as P`: what is made is the value cast.
            if let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3,
               sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first {
                value = first
            }
            if value.is(FunctionCallExprSyntax.self), let made = constructedType(in: Syntax(value)) { return made }
        }
        return nil
    }
}
