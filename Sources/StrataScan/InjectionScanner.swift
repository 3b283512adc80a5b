#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel
import StrataSourceTree
@_spi(RawSyntax) import SwiftSyntax

/// Records a file's dependency-injection syntax (see `InjectionFact`) with swift-syntax.
///
/// Registrations and resolutions live in function bodies, which the declaration walk skips,
/// so this is a second, full walk. It runs only on files that spell one of the names it looks
/// for, which a byte search decides before any tree is walked.
package enum InjectionScanner {
    /// Whether the file may hold injection syntax: a cheap filter on the raw bytes.
    static func mayInject(_ buffer: UnsafeBufferPointer<UInt8>, names: InjectionNames) -> Bool {
        builtInWords.contains { contains(buffer, $0) }
            || names.calls.contains { contains(buffer, Array($0.utf8)) }
            || names.wrappers.contains { contains(buffer, Array($0.utf8)) }
            || names.factories.contains { contains(buffer, Array($0.utf8)) }
            || names.factoryResolvers.contains { contains(buffer, Array($0.utf8)) }
            || names.keyPathContainers.contains { contains(buffer, Array($0.utf8)) }
    }

    /// Substrings of every built-in name (`autoregister` holds `register`, `LazyInjected`
    /// holds `Inject`, `DependencyKey` holds `Dependency`), as bytes once.
    /// `.Type` and `propertyWrapper` let hand-written containers and their wrappers be read;
    /// `[keyPath:` the resolution of a collection of key paths to factories.
    private static let builtInWords = ["register", "resolve", "Factory", "Inject", "Dependency", ".Type", "propertyWrapper", "[keyPath:"]
        .map { Array($0.utf8) }

    /// `memchr` finds each candidate of the word's rarest byte (`anchor`) at memory speed; most
    /// are rejected at once.
    package static func contains(_ buffer: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard let base = buffer.baseAddress, !word.isEmpty, buffer.count >= word.count else { return false }
        let anchor = anchor(of: word)
        let byte = Int32(word[anchor])
        // The anchor of a match lies in [base + anchor, base + count - length + anchor].
        let end = base + (buffer.count - word.count + anchor + 1)
        var cursor = base + anchor
        while cursor < end, let found = memchr(cursor, byte, end - cursor) {
            let at = found.assumingMemoryBound(to: UInt8.self)
            if memcmp(at - anchor, word, word.count) == 0 { return true }
            cursor = UnsafePointer(at) + 1
        }
        return false
    }

    /// The position of the word's byte that Swift source spells least often (as measured on
    /// swift-syntax and swift-nio), so `contains` stops at fewer false starts.
    static func anchor(of word: [UInt8]) -> Int {
        var best = 0
        for position in word.indices where rarity[Int(word[position])] > rarity[Int(word[best])] { best = position }
        return best
    }

    /// By byte: its place in `common`, counted from the most frequent; any other byte ranks last.
    private static let rarity: [Int] = {
        let common = Array(#" etnarisolcdupf.-hy/)(:mxSgw,bv"TC=A}{kIEP`RNBLO_DF01UM?[]>H"#.utf8)
        var rarity = [Int](repeating: common.count, count: 256)
        for (rank, byte) in common.enumerated() { rarity[Int(byte)] = rank }
        return rarity
    }()

    /// The facts of a parsed file. `relevant`: the nodes to enter (`Relevance`), found by the
    /// caller's walk; nil (a file importing Factory) walks the whole file.
    static func scan(
        _ tree: SourceFileSyntax, lines: LineTable, names: InjectionNames, importsFactory: Bool, relevant: Set<RawSyntax.ID>?
    ) -> [InjectionFact] {
        let visitor = InjectionVisitor(lines: lines, names: names, importsFactory: importsFactory)
        visitor.root = tree
        visitor.relevant = relevant
        visitor.walk(tree)
        return visitor.facts
    }

    /// The nodes the walk must enter: those whose visit may record a fact or change what a
    /// later visit records (a type, a function, a variable with attributes, a type annotation
    /// naming `Factory` or a member's, a call of a configured name), and their ancestors. Found
    /// on the raw tree, which is far cheaper to walk than the visitor's; the visitor skips
    /// every other subtree, most of a file.
    struct Relevance {
        private let names: [[UInt8]]
        private(set) var nodes = Set<RawSyntax.ID>()

        init(calls: Set<String>) {
            names = calls.map { Array($0.utf8) }
        }

        /// A layout node marked, once its children were, during `FileScanner.collect`'s walk;
        /// returns whether it is relevant.
        mutating func mark(_ raw: RawSyntax, kind: SyntaxKind, parent: SyntaxKind?, below: Bool) -> Bool {
            let found = below || isTrigger(raw, kind: kind, parent: parent)
            if found { nodes.insert(raw.id) }
            return found
        }

        private func named(_ text: SyntaxText) -> Bool {
            names.contains { name in
                name.count == text.count && name.withUnsafeBufferPointer { SyntaxText(baseAddress: $0.baseAddress, count: $0.count) == text }
            }
        }

        private func isTrigger(_ raw: RawSyntax, kind: SyntaxKind, parent: SyntaxKind?) -> Bool {
            switch kind {
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl, .functionDecl:
                return true
            case .variableDecl:
                guard let variable = raw.as(RawVariableDeclSyntax.self) else { return true }
                if parent == .memberBlockItem || !variable.attributes.elements.isEmpty { return true }
                return variable.bindings.elements.contains { binding in
                    guard let type = binding.typeAnnotation?.type.as(RawIdentifierTypeSyntax.self) else { return false }
                    return Relevance.factoryTypeNames.contains(type.name.tokenText)
                }
            case .functionCallExpr:
                guard let call = raw.as(RawFunctionCallExprSyntax.self) else { return true }
                let called = call.calledExpression
                if let member = called.as(RawMemberAccessExprSyntax.self) {
                    return named(member.declName.baseName.tokenText) || Self.isWrapper(member.declName.baseName.tokenText)
                }
                if let reference = called.as(RawDeclReferenceExprSyntax.self) {
                    return named(reference.baseName.tokenText) || Self.isWrapper(reference.baseName.tokenText)
                }
                // `Injected<P>(\.x)`, and `self[keyPath: path]()`: a factory resolved by key path.
                if let generic = called.as(RawGenericSpecializationExprSyntax.self) {
                    return generic.expression.as(RawDeclReferenceExprSyntax.self).map { Self.isWrapper($0.baseName.tokenText) } ?? false
                }
                return called.is(RawSubscriptCallExprSyntax.self)
            default:
                return false
            }
        }

        private static let factoryTypeNames: [SyntaxText] = ["Factory", "ParameterFactory"]
        /// Wrappers also constructed by a call: `Injected(\.preferences).wrappedValue`.
        private static let wrapperNames = InjectionNames.builtInWrappers.map { Array($0.utf8) }

        private static func isWrapper(_ text: SyntaxText) -> Bool {
            wrapperNames.contains { name in
                name.count == text.count && name.withUnsafeBufferPointer { SyntaxText(baseAddress: $0.baseAddress, count: $0.count) == text }
            }
        }
    }
}

private final class InjectionVisitor: SyntaxAnyVisitor {
    let lines: LineTable
    let calls: Set<String>
    let wrappers: Set<String>
    let importsFactory: Bool
    var facts: [InjectionFact] = []

    /// Enclosing types and extensions, innermost last.
    var contexts: [String] = []
    /// Generic parameter names in scope, one list per enclosing generic declaration.
    var generics: [[String]] = []
    /// The registrations whose factory closures enclose the current point, innermost last.
    var factories: [Int] = []
    /// The dictionary properties of each enclosing type, innermost last, and of every type
    /// seen so far by name (for its extensions).
    var dictionaries: [Set<String>] = []
    var typeDictionaries: [String: Set<String>] = [:]
    /// Whether each enclosing context is an extension.
    var extensions: [Bool] = []
    /// Whether each enclosing context is a Factory container (`extension Container`, a type
    /// holding factories, or conforming to `SharedContainer` or `Resolving`).
    var factoryContexts: [Bool] = []

    /// What the symbol index says about Factory (`InjectionNames.factories` ...).
    let factory: InjectionNames

    init(lines: LineTable, names: InjectionNames, importsFactory: Bool) {
        self.lines = lines
        factory = names
        calls = names.allCalls
        wrappers = InjectionNames.builtInWrappers.union(names.wrappers)
        self.importsFactory = importsFactory
        super.init(viewMode: .sourceAccurate)
    }

    /// The nodes to enter (`InjectionScanner.relevant`); nil enters all.
    var relevant: Set<RawSyntax.ID>?

    /// Whether a node's children hold something the walk records.
    func entered(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        relevant.map { $0.contains(node.raw.id) } ?? true ? .visitChildren : .skipChildren
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind { entered(node) }
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    static let dependencyKeys: Set<String> = ["DependencyKey", "TestDependencyKey"]
    static let factoryTypes = InjectionNames.factoryTypes
    static let factoryScopes: Set<String> = ["singleton", "cached", "shared", "graph", "unique", "scope"]
    /// What a Factory container conforms to: a type conforming to one is a container.
    static let factoryContainerProtocols: Set<String> = ["SharedContainer", "ManagedContainer", "Resolving"]

    func line(of node: some SyntaxProtocol) -> Int {
        lines.line(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    // MARK: Contexts

    func enter(
        _ name: String, generics clause: GenericParameterClauseSyntax?, inherits: InheritanceClauseSyntax?,
        attributes: AttributeListSyntax, members: MemberBlockSyntax, at node: some SyntaxProtocol
    ) {
        contexts.append(name)
        extensions.append(node.is(ExtensionDeclSyntax.self))
        let simple = DeclarationFact.simpleName(name)
        factoryContexts.append(
            factory.factoryContainers.contains(simple) || importsFactory && simple == "Container"
                || inherits?.inheritedTypes.contains { Self.factoryContainerProtocols.contains($0.type.trimmedText) } == true)
        generics.append(clause?.parameters.map(\.name.text) ?? [])
        let own = ContainerMethodReader.dictionaries(in: members)
        typeDictionaries[name, default: []].formUnion(own)
        dictionaries.append(typeDictionaries[name] ?? [])
        if attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "propertyWrapper" }) {
            facts.append(InjectionFact(shape: .propertyWrapper, name: name, context: name, line: line(of: node)))
        }
        let conformances = inherits?.inheritedTypes.map { $0.type.trimmedText } ?? []
        if conformances.contains(where: Self.dependencyKeys.contains) {
            // By its qualified name: keys are often nested (`AudioClient.Keys.Live`).
            let qualified = contexts.joined(separator: ".")
            facts.append(InjectionFact(
                shape: .dependencyKey, name: qualified, arguments: dependencyValues(in: node), type: qualified,
                implementation: dependencyValues(in: node).first { $0.label == "liveValue" }?.text,
                context: name, line: line(of: node)))
        }
    }

    func leave() {
        contexts.removeLast()
        extensions.removeLast()
        factoryContexts.removeLast()
        generics.removeLast()
        dictionaries.removeLast()
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            node.name.text, generics: node.genericParameterClause, inherits: node.inheritanceClause,
            attributes: node.attributes, members: node.memberBlock, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { leave() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            node.name.text, generics: node.genericParameterClause, inherits: node.inheritanceClause,
            attributes: node.attributes, members: node.memberBlock, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { leave() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            node.name.text, generics: node.genericParameterClause, inherits: node.inheritanceClause,
            attributes: node.attributes, members: node.memberBlock, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            node.name.text, generics: node.genericParameterClause, inherits: node.inheritanceClause,
            attributes: node.attributes, members: node.memberBlock, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { leave() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            node.extendedType.trimmedText, generics: nil, inherits: node.inheritanceClause,
            attributes: node.attributes, members: node.memberBlock, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leave() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        generics.append(node.genericParameterClause?.parameters.map(\.name.text) ?? [])
        // A type's methods store into its dictionaries; an extension's may store into ones
        // declared in another file, which the analysis checks in the symbol index.
        if let context = contexts.last, let own = dictionaries.last,
           !own.isEmpty || extensions.last == true && Self.takesAType(node) {
            facts += ContainerMethodReader.facts(of: node, dictionaries: own.isEmpty ? nil : own, context: context) { line(of: $0) }
        }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { generics.removeLast() }

    func isGeneric(_ name: String) -> Bool { generics.contains { $0.contains(name) } }

    /// Whether a function can key by a type: it is generic or takes a metatype.
    static func takesAType(_ function: FunctionDeclSyntax) -> Bool {
        function.genericParameterClause != nil
            || function.signature.parameterClause.parameters.contains { $0.type.is(MetatypeTypeSyntax.self) }
    }

    // MARK: Properties

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let type = binding.typeAnnotation?.type
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
            if let generic = type?.as(IdentifierTypeSyntax.self), Self.factoryTypes.contains(generic.name.text),
               let served = generic.genericArgumentClause?.arguments.last, contexts.last != nil {
                let body = binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map(Syntax.init)
                facts.append(InjectionFact(
                    shape: .factory, name: name, type: served.argument.trimmedText,
                    implementation: body.flatMap { constructedType(in: $0) }, scope: body.flatMap(factoryScope),
                    context: contexts.last, line: line(of: binding.pattern)))
                factories.append(facts.count - 1)
                if let body { walk(body) }
                factories.removeLast()
                return .skipChildren
            }
            if !factory.factories.isEmpty, let value = binding.initializer?.value {
                // `static let processors = [Tag(path: \.processor1, priority: 20)]`.
                for (label, path) in KeyPathReader.elements(of: value) {
                    guard let property = KeyPathReader.property(path), factory.factories.contains(property) else { continue }
                    facts.append(InjectionFact(
                        shape: .keyPathElement, name: property, receiver: name,
                        arguments: [InjectionFact.Argument(label: label, text: Self.text(path))], context: contexts.last, line: line(of: path)))
                }
            }
            if let context = contexts.last, factory.keyPathContainers.contains(DeclarationFact.simpleName(context)),
               node.parent?.is(MemberBlockItemSyntax.self) == true, Self.isServiceProperty(node, binding) {
                let body = binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map(Syntax.init)
                facts.append(InjectionFact(
                    shape: .keyPathDefault, name: name, type: type.map(Self.unwrapped),
                    implementation: body.flatMap { constructedType(in: $0) }, context: context, line: line(of: binding.pattern)))
            }
            // A dependency: a computed instance property of `DependencyValues` (not a local, a
            // stored or a static property of the type itself), or one its `@DependencyEntry`
            // macro makes, whose values are the macro's arguments and the default (`testValue`).
            guard contexts.last == "DependencyValues", node.parent?.is(MemberBlockItemSyntax.self) == true,
                  !node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) else { continue }
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
        return entered(node)
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

    /// `LoginDependency` from `LoginDependency!` or `LoginDependency?`.
    static func unwrapped(_ type: TypeSyntax) -> String {
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType.trimmedText }
        if let forced = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return forced.wrappedType.trimmedText }
        return type.trimmedText
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let read = node.calledExpression.as(SubscriptCallExprSyntax.self) {
            // `self[keyPath: $0.path]()` over a collection of key paths to factories.
            if let (collection, member) = KeyPathReader.collection(read: read) {
                facts.append(InjectionFact(
                    shape: .keyPathSubscript, name: member, receiver: collection, context: contexts.last, line: line(of: read)))
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
        guard isNamed || isFactoryConsumer(name: name, base: base) else { return entered(node) }
        let receiver = base.map(Self.text)
        // A key path kept in a local before the call (`let path = \.service1; c.resolve(path)`)
        // as written where it is made.
        var arguments = node.arguments.map { argument in
            let path = argument.expression.as(DeclReferenceExprSyntax.self)
                .flatMap { Self.local($0.baseName.text, before: node)?.as(KeyPathExprSyntax.self) }
            return InjectionFact.Argument(label: argument.label?.text, text: path.map(Self.text) ?? Self.text(argument.expression))
        }
        var closures = node.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let trailing = node.trailingClosure {
            arguments.append(InjectionFact.Argument(label: "{}", text: "{…}"))
            closures.append(trailing)
        }
        // A call without arguments takes its type from its context: `let x: P = c.resolve()`.
        let contextual = arguments.isEmpty ? Self.contextualType(of: node) : nil
        let generic = arguments.first?.metatype.map(isGeneric) ?? contextual.map { isGeneric($0.type) } ?? false
        facts.append(InjectionFact(
            shape: .call, name: name, receiver: receiver, arguments: arguments,
            type: closures.first.flatMap(Self.resultType) ?? contextual?.type,
            implementation: closures.first.flatMap { constructedType(in: Syntax($0)) } ?? constructedArgument(node), scope: objectScope(of: node),
            within: factories.last, generic: generic, context: contexts.last,
            key: contextual?.source ?? (!arguments.isEmpty && name == "register" && reachesFactoryContainer(base) ? "container" : nil),
            line: line(of: node.calledExpression), computedName: computedName(node)))
        guard isNamed, !closures.isEmpty else { return .visitChildren }
        // What the factory closure resolves belongs to this registration.
        factories.append(facts.count - 1)
        walk(node.calledExpression)
        for argument in node.arguments { walk(argument) }
        if let trailing = node.trailingClosure { walk(trailing) }
        factories.removeLast()
        return .skipChildren
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

    /// A `name:` argument that is not a plain string literal, as an expression.
    func computedName(_ call: FunctionCallExprSyntax) -> ValueExpression? {
        guard let argument = call.arguments.first(where: { $0.label?.text == "name" })?.expression else { return nil }
        if let literal = argument.as(StringLiteralExprSyntax.self), literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) {
            return nil
        }
        return ValueReader.expression(argument, binding: true)
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
            // `<container>.x.onTest { }`
            return isFactoryContainer(owner)
        }
        if InjectionNames.factoryOverrides.contains(name), inFactory, base?.is(FunctionCallExprSyntax.self) == true { return true }
        if let base, isFactoryContainer(base) { return true }
        let isSelf = base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        return inFactory && (base == nil || isSelf)
    }

    /// `X.shared`, or a variable, property or parameter this file binds to a Factory container,
    /// or a property the symbol index types as one.
    func isFactoryContainer(_ expression: ExprSyntax) -> Bool {
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
    lazy var containerVariables: Set<String> = {
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
    }()
    /// The file, for `containerVariables`.
    var root: SourceFileSyntax?

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
        for ancestor in sequence(first: Syntax(node), next: \.parent) {
            guard let members = ancestor.as(MemberBlockSyntax.self) else { continue }
            for member in members.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return binding.typeAnnotation.map { unwrapped($0.type) }
                }
            }
            return nil
        }
        return nil
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
                // `Type(...)`, `Type.init(...)` or a static factory `Type.live(...)`.
                let callee = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
                if let callee, callee.first?.isUppercase == true, !InjectionVisitor.factoryTypes.contains(callee) {
                    found = callee
                    return .skipChildren
                }
                // `Network<HomeResponse>()`: the specialized type as written.
                if let generic = node.calledExpression.as(GenericSpecializationExprSyntax.self),
                   let name = generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                   name.first?.isUppercase == true, !InjectionVisitor.factoryTypes.contains(name) {
                    found = generic.trimmedText
                    return .skipChildren
                }
                return .visitChildren
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

    /// The value of `let name = value` in a block around `node`, before it.
    static func local(_ name: String, before node: some SyntaxProtocol) -> ExprSyntax? {
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
                    return binding.initializer?.value
                }
            }
        }
        return nil
    }

    /// A value a call hands over instead of a factory: `register(P.self, Impl())`.
    func constructedArgument(_ call: FunctionCallExprSyntax) -> String? {
        guard call.trailingClosure == nil else { return nil }
        for argument in call.arguments.dropFirst() {
            var value = argument.expression
            // A value made before the call: `let repo = LiveRepo(); register(Repo.self, repo)`.
            if let reference = value.as(DeclReferenceExprSyntax.self), let local = Self.local(reference.baseName.text, before: call) {
                value = local
            }
            if value.is(FunctionCallExprSyntax.self), let made = constructedType(in: Syntax(value)) { return made }
        }
        return nil
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
