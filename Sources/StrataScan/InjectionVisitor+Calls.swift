import StrataModel
import SwiftSyntax

extension InjectionVisitor {
    // MARK: Calls

    func visitCall(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let read = node.calledExpression.as(SubscriptCallExprSyntax.self) {
            // `self[keyPath: $0.path]()` over a collection of key paths to factories.
            if let (collection, member) = KeyPathReader.collection(read: read) {
                facts.append(InjectionFact(
                    shape: .keyPathSubscript, name: member, receiver: collection, context: contexts.last, line: line(of: read)))
            } else if let (container, property) = factoryKeyPath(read) {
                // `container[keyPath: \.myService]()`: the factory called, as `container.myService()`.
                facts.append(InjectionFact(
                    shape: .call, name: property, receiver: container, within: factories.last, context: contexts.last, line: line(of: read)))
            }
            return entered(node)
        }
        if let (wrapper, path) = Self.constructedWrapper(node) {
            // `Injected(\.preferences).wrappedValue`: the wrapper resolves as it is made.
            facts.append(InjectionFact(
                shape: .wrapper, name: wrapper, arguments: [InjectionFact.Argument(label: nil, text: Self.text(path))],
                context: contexts.last, key: "init", line: line(of: node.calledExpression)))
            return entered(node)
        }
        let name: String
        var base: ExprSyntax?
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
            base = member.base
        } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return entered(node)
        }
        let isNamed = calls.contains(name)
        // `self[keyPath: \.myService].register { }`: an override of the factory, as
        // `self.myService.register { }`.
        let keyPathBase = base?.as(SubscriptCallExprSyntax.self).flatMap(factoryKeyPath)
        guard isNamed || isFactoryConsumer(name: name, base: base) || keyPathBase != nil && InjectionNames.factoryOverrides.contains(name)
        else { return entered(node) }
        let receiver = keyPathBase.map { "\($0.container).\($0.property)" } ?? base.map(Self.text)
        // A key path kept in a local before the call (`let path = \.service1; c.resolve(path)`)
        // as written where it is made.
        var arguments = node.arguments.map { argument in
            let path = argument.expression.as(DeclReferenceExprSyntax.self)
                .flatMap { Self.local($0.baseName.text, before: node)?.as(KeyPathExprSyntax.self) }
            return InjectionFact.Argument(
                label: argument.label?.text, text: path.map(Self.text) ?? Self.text(argument.expression),
                type: path == nil ? Self.staticType(of: argument.expression, at: node) : nil)
        }
        var closures = node.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let trailing = node.trailingClosure {
            arguments.append(InjectionFact.Argument(label: "{}", text: "{…}"))
            closures.append(trailing)
        }
        // A call without arguments takes its type from its context: `let x: P = c.resolve()`.
        let contextual = arguments.isEmpty ? Self.contextualType(of: node) : nil
        // A value typed by the enclosing function's generic parameter (`func add<S>(_ s: S) {
        // c.register(s) }`) forwards a type that is not a service of its own, as `S.self` does.
        let forwardsGeneric = !arguments.contains { $0.metatype != nil } && arguments.contains { $0.type.map(isGeneric) ?? false }
        let generic = forwardsGeneric || (arguments.first?.metatype.map(isGeneric) ?? contextual.map { isGeneric($0.type) } ?? false)
        facts.append(InjectionFact(
            shape: .call, name: name, receiver: receiver, arguments: arguments,
            type: closures.first.flatMap(Self.resultType) ?? contextual?.type,
            implementation: closures.first.flatMap { constructedType(in: Syntax($0)) } ?? constructedArgument(node), scope: objectScope(of: node),
            within: factories.last, generic: generic, context: contexts.last,
            key: contextual?.source ?? (!arguments.isEmpty && name == "register" && reachesFactoryContainer(base) ? "container" : nil),
            line: line(of: node.calledExpression), computedName: computedName(node)))
        guard isNamed, !closures.isEmpty else { return .visitChildren }
        walkRegistration(node)
        return .skipChildren
    }

    /// The container and factory of `container[keyPath: \Container.myService]` (`self[keyPath:
    /// \.x]`, `Container.shared[keyPath: \.x]`): a key path written at the subscript to a
    /// factory the repository declares.
    func factoryKeyPath(_ read: SubscriptCallExprSyntax) -> (container: String, property: String)? {
        guard !factory.factories.isEmpty, read.arguments.count == 1, let argument = read.arguments.first,
              argument.label?.text == "keyPath", let path = argument.expression.as(KeyPathExprSyntax.self),
              path.components.count == 1, let property = KeyPathReader.property(path), factory.factories.contains(property) else { return nil }
        return (Self.text(read.calledExpression), property)
    }

    /// A registration's call walked with it as the enclosing registration: what its factory
    /// closure resolves belongs to it.
    func walkRegistration(_ node: FunctionCallExprSyntax) {
        factories.append(facts.count - 1)
        walk(node.calledExpression)
        for argument in node.arguments { walk(argument) }
        if let trailing = node.trailingClosure { walk(trailing) }
        factories.removeLast()
    }

    /// A `name:` argument that is not a plain string literal, as an expression.
    func computedName(_ call: FunctionCallExprSyntax) -> ValueExpression? {
        guard let argument = call.arguments.first(where: { $0.label?.text == "name" })?.expression else { return nil }
        if let literal = argument.as(StringLiteralExprSyntax.self), literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) {
            return nil
        }
        return ValueReader.expression(argument, binding: true)
    }

    /// Swinject's `.inObjectScope(.container)` after a registration: `container`.
    func objectScope(of call: FunctionCallExprSyntax) -> String? {
        guard let member = call.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "inObjectScope",
              let scopeCall = member.parent?.as(FunctionCallExprSyntax.self),
              let argument = scopeCall.arguments.first?.expression else { return nil }
        return Self.memberName(argument)
    }

    /// `container` from `.container`, as a scope argument is usually written.
    static func memberName(_ expression: ExprSyntax) -> String {
        let text = expression.trimmedText
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }
}
