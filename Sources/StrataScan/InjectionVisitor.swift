import StrataModel
import StrataSourceTree
@_spi(RawSyntax) import SwiftSyntax

/// The walk recording a file's injection facts (`InjectionScanner.scan`); what each family
/// of DI syntax records is in its own file (`InjectionVisitor+Factory.swift`, ...).
final class InjectionVisitor: SyntaxAnyVisitor {
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
    // Properties (wrappers, factories, dependencies) and calls: `InjectionVisitor+Properties.swift`
    // and `+Calls.swift`.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { visitVariable(node) }
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { visitCall(node) }

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
        recordDependencyKey(node, name: name, inherits: inherits)
    }

    func leave() {
        contexts.removeLast()
        extensions.removeLast()
        factoryContexts.removeLast()
        generics.removeLast()
        dictionaries.removeLast()
    }

    /// A struct, class, enum or actor.
    func enterType(_ node: some DeclGroupSyntax & NamedDeclSyntax & WithGenericParametersSyntax) -> SyntaxVisitorContinueKind {
        enter(
            node.name.text, generics: node.genericParameterClause, inherits: node.inheritanceClause,
            attributes: node.attributes, members: node.memberBlock, at: node)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node) }
    override func visitPost(_ node: StructDeclSyntax) { leave() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node) }
    override func visitPost(_ node: ClassDeclSyntax) { leave() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node) }
    override func visitPost(_ node: EnumDeclSyntax) { leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node) }
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
        if let helper = ContainerMethodReader.keyHelper(node, context: contexts.last, line: { line(of: $0) }) { facts.append(helper) }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { generics.removeLast() }

    func isGeneric(_ name: String) -> Bool { generics.contains { $0.contains(name) } }

    /// Whether a function can key by a type: it is generic or takes a metatype.
    static func takesAType(_ function: FunctionDeclSyntax) -> Bool {
        function.genericParameterClause != nil
            || function.signature.parameterClause.parameters.contains { $0.type.is(MetatypeTypeSyntax.self) }
    }

    /// Names this file binds to a Factory container (`factoryContainerVariables`).
    lazy var containerVariables: Set<String> = factoryContainerVariables()
    /// The file, for `containerVariables`.
    var root: SourceFileSyntax?
}
