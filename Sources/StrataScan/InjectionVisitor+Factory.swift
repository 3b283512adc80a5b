import StrataModel
import SwiftSyntax

extension InjectionVisitor {
    /// A Factory property (`var x: Factory<P> { self { Impl() } }`), or Factory 1.x's static one
    /// made by an initializer (`static let x = Factory<P>(scope: .singleton) { Impl() }`,
    /// `Factory { Impl() as P }`), its body walked for what it resolves; returns whether it was one.
    func recordFactory(_ name: String, _ binding: PatternBindingSyntax, type: TypeSyntax?) -> Bool {
        guard contexts.last != nil else { return false }
        let served: String?
        if let generic = type?.as(IdentifierTypeSyntax.self), Self.factoryTypes.contains(generic.name.text),
           let argument = generic.genericArgumentClause?.arguments.last {
            served = argument.argument.trimmedText
        } else if type == nil, importsFactory || factoryContexts.last == true, Self.isStaticMember(binding),
                  let call = binding.initializer.flatMap({ Self.factoryInitializer($0.value) }) {
            served = Self.servedType(by: call)
        } else {
            return false
        }
        let body = binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map(Syntax.init)
        // Factory 1.x's scope is an argument of the initializer (`Factory(scope: .singleton)`).
        let scope = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.arguments
            .first(where: { $0.label?.text == "scope" }).map { Self.memberName($0.expression) }
        facts.append(InjectionFact(
            shape: .factory, name: name, type: served,
            implementation: body.flatMap { constructedType(in: $0) }, scope: scope ?? body.flatMap(factoryScope),
            context: contexts.last, line: line(of: binding.pattern)))
        factories.append(facts.count - 1)
        if let body { walk(body) }
        factories.removeLast()
        return true
    }

    /// Whether a binding is of a `static` (or `class`) property of a type or extension.
    static func isStaticMember(_ binding: PatternBindingSyntax) -> Bool {
        guard let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.parent?.is(MemberBlockItemSyntax.self) == true
        else { return false }
        return variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// Factory 1.x's initializer of a static factory, which takes the closure making its value:
    /// `Factory<P> { }`, `Factory(scope: .singleton) { }`, `ParameterFactory<Int, P> { }`.
    static func factoryInitializer(_ value: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = value.as(FunctionCallExprSyntax.self),
              call.trailingClosure != nil || call.arguments.last?.expression.is(ClosureExprSyntax.self) == true else { return nil }
        var callee = call.calledExpression
        if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
        let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        return name.map(factoryTypes.contains) == true ? call : nil
    }

    /// What such an initializer serves: its specialization, else the type its closure casts to or
    /// declares (`Factory { Impl() as P }`), else the one it constructs (`Factory { Impl() }`);
    /// nil when none says (`Factory { database().container }`).
    static func servedType(by call: FunctionCallExprSyntax) -> String? {
        if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self) {
            return generic.genericArgumentClause.arguments.last?.argument.trimmedText
        }
        let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
        return closure.flatMap { resultType($0) ?? constructedName(in: $0) }
    }

    /// The type a closure's only statement constructs: `MyService` in `{ MyService() }`.
    static func constructedName(in closure: ClosureExprSyntax) -> String? {
        guard closure.statements.count == 1, let item = closure.statements.first?.item,
              let call = item.as(FunctionCallExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression?.as(FunctionCallExprSyntax.self),
              let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, callee.first?.isUppercase == true
        else { return nil }
        return callee
    }

    /// The key paths to factories a collection keeps:
    /// `static let processors = [Tag(path: \.processor1, priority: 20)]`.
    func recordKeyPathElements(_ name: String, _ binding: PatternBindingSyntax) {
        guard !factory.factories.isEmpty, let value = binding.initializer?.value else { return }
        for (label, path) in KeyPathReader.elements(of: value) {
            guard let property = KeyPathReader.property(path), factory.factories.contains(property) else { continue }
            facts.append(InjectionFact(
                shape: .keyPathElement, name: property, receiver: name,
                arguments: [InjectionFact.Argument(label: label, text: Self.text(path))], context: contexts.last, line: line(of: path)))
        }
    }

    /// `Injected` and `\.preferences` in `Injected(\.preferences)`, `Injected<P>(\.preferences)`
    /// or `FactoryKit.Injected(\.preferences)`: a built-in wrapper made by a call with a key path.
    static func constructedWrapper(_ call: FunctionCallExprSyntax) -> (String, KeyPathExprSyntax)? {
        guard call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
              let path = only.expression.as(KeyPathExprSyntax.self) else { return nil }
        var callee = call.calledExpression
        if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
        let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? callee.as(MemberAccessExprSyntax.self).flatMap { member in
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true ? member.declName.baseName.text : nil
            }
        guard let name, InjectionNames.builtInWrappers.contains(name) else { return nil }
        return (name, path)
    }

    /// Whether a call's receiver is a Factory container: one named as such (`Container.shared`,
    /// a variable bound to one), or implicit `self` inside one. Only where Factory is used.
    func reachesFactoryContainer(_ base: ExprSyntax?) -> Bool {
        guard importsFactory || !factory.factories.isEmpty else { return false }
        guard let base, base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self) else {
            return factoryContexts.last ?? false
        }
        return isFactoryContainer(base)
    }

    /// Factory's consumer calls, `Container.shared.homeViewModel()` or through a container held
    /// in a variable (`let c = Container.shared; c.homeViewModel()`, `container.x()`), and inside
    /// a Factory property the factories it calls (`self.repository()`, `repository()`); and its
    /// overrides, `Container.shared.x.register { }`, `.onTest { }`, `.context(.test) { }`, also
    /// on the factory a property defines (`self { Impl() }.onPreview { Mock() }`). Only in files
    /// that import Factory; lowercase names only, as Factory properties are.
    func isFactoryConsumer(name: String, base: ExprSyntax?) -> Bool {
        guard name != "self", name.first?.isLowercase == true else { return false }
        // A factory reached through what the symbol index knows: a resolving helper
        // (`dependency(\.x)`), implicit `self` in a container (`myService()`,
        // `myService.register { }`), a property or protocol of a container declared elsewhere.
        if factory.factoryResolvers.contains(name), base == nil { return true }
        let inContainer = contexts.last.map { factory.factoryContainers.contains(DeclarationFact.simpleName($0)) } ?? false
        if inContainer, base == nil, factory.factories.contains(name) { return true }
        if InjectionNames.factoryOverrides.contains(name), let base, let property = Self.propertyName(base),
           factory.factories.contains(property), inContainer || isFactoryContainer(base) {
            return true
        }
        guard importsFactory || factory.factories.contains(name) else { return false }
        let inFactory = !factories.isEmpty && facts[factories.last!].shape == .factory
        if InjectionNames.factoryOverrides.contains(name), let member = base?.as(MemberAccessExprSyntax.self), let owner = member.base {
            // `<container>.x.onTest { }`; on a container type (Factory 1.x, `Container.x.register { }`)
            // only a factory the repository declares.
            return isFactoryContainer(owner) && (!Self.isTypeName(owner) || factory.factories.contains(member.declName.baseName.text))
        }
        if InjectionNames.factoryOverrides.contains(name), inFactory, base?.is(FunctionCallExprSyntax.self) == true { return true }
        // `Container.x()`: a static factory of Factory 1.x, not any static function of the type.
        if let base, isFactoryContainer(base) { return !Self.isTypeName(base) || factory.factories.contains(name) }
        let isSelf = base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        return inFactory && (base == nil || isSelf)
    }

    /// `Container` or `Self`: a type named, not a value.
    static func isTypeName(_ expression: ExprSyntax) -> Bool {
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return false }
        return reference.baseName.text == "Self" || reference.baseName.text.first?.isUppercase == true
    }

    /// `X.shared`, or a variable, property or parameter this file binds to a Factory container,
    /// or a property the symbol index types as one; or, for Factory 1.x's static factories, a
    /// container type itself (`Container`, `Self` inside one).
    func isFactoryContainer(_ expression: ExprSyntax) -> Bool {
        // Factory 1.x: the container type itself holds static factories (`Container.myService()`),
        // as does `Self` inside one.
        if Self.isTypeName(expression), let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text == "Self" ? contexts.last.map(DeclarationFact.simpleName) : reference.baseName.text
            return name.map { factory.factoryContainers.contains($0) || importsFactory && $0 == "Container" } ?? false
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.text == "shared" { return true }
            let isSelf = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            return isSelf && isContainerVariable(member.declName.baseName.text)
        }
        return expression.as(DeclReferenceExprSyntax.self).map { isContainerVariable($0.baseName.text) } ?? false
    }

    func isContainerVariable(_ name: String) -> Bool {
        if containerVariables.contains(name) { return true }
        guard let context = contexts.last else { return false }
        return factory.factoryMembers.contains("\(DeclarationFact.simpleName(context)).\(name)")
    }

    /// `x` in `x` or `self.x`.
    static func propertyName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = expression.as(MemberAccessExprSyntax.self),
              member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
        return member.declName.baseName.text
    }

    /// Names this file binds to a Factory container: `let c = Container.shared`,
    /// `container: Container`, `var services = MyContainer()`.
    func factoryContainerVariables() -> Set<String> {
        final class Finder: SyntaxVisitor {
            var names: Set<String> = []
            let containers: Set<String>
            init(containers: Set<String>) {
                self.containers = containers
                super.init(viewMode: .sourceAccurate)
            }
            func isContainer(_ type: TypeSyntax?) -> Bool {
                guard let type else { return false }
                let name = ContainerMethodReader.baseName(type)
                return name.hasSuffix("Container") || containers.contains(name)
            }
            static func isContainer(_ value: ExprSyntax?) -> Bool {
                if let member = value?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "shared" { return true }
                let callee = value?.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                return callee?.hasSuffix("Container") == true
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                   isContainer(node.typeAnnotation?.type) || Self.isContainer(node.initializer?.value) {
                    names.insert(name)
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
                if isContainer(node.type) { names.insert((node.secondName ?? node.firstName).text) }
                return .visitChildren
            }
        }
        guard importsFactory || !factory.factories.isEmpty, let root else { return [] }
        let finder = Finder(containers: factory.factoryContainers)
        finder.walk(root)
        return finder.names
    }

    /// Factory's scope modifier on the property's expression: `.singleton`, `.scope(.session)`.
    func factoryScope(_ body: Syntax) -> String? {
        final class Finder: SyntaxVisitor {
            var found: String?
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.declName.baseName.text
                guard found == nil, InjectionVisitor.factoryScopes.contains(name), node.base != nil else { return .visitChildren }
                if name == "scope", let call = node.parent?.as(FunctionCallExprSyntax.self),
                   let argument = call.arguments.first?.expression {
                    found = InjectionVisitor.memberName(argument)
                } else {
                    found = name
                }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }
}
