import StrataModel
import StrataSourceTree
@_spi(RawSyntax) import SwiftSyntax

/// The declaration walk. It steps through the top level, `#if` blocks and type and extension
/// bodies with swift-syntax's node API, and reads each declaration's parts (modifiers,
/// attributes, names, types, inheritance) from its raw node: the node API makes a node (and
/// the layout of all its siblings) for each part it is asked for, which cost more than the
/// rest of the walk together.
struct DeclarationWalker {
    let lines: LineTable
    /// The first byte of the parsed source: a present token's offset is its text's address
    /// less this.
    let base: UnsafePointer<UInt8>?
    var imports: [ImportFact] = []
    var declarations: [DeclarationFact] = []
    var values: [ValueFact] = []

    init(lines: LineTable, base: UnsafePointer<UInt8>?) {
        self.lines = lines
        self.base = base
    }

    /// The line of a token: declarations are placed at their name (or keyword), which is
    /// cheaper to find than a node's first token and points past attributes and comments.
    func line(of token: TokenSyntax) -> Int {
        lines.line(at: token.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    /// The line of a raw token, from where its text is; a missing token (no text in the file)
    /// is placed by `node`, the same token through the node API.
    func line(of token: RawTokenSyntax, _ node: @autoclosure () -> TokenSyntax) -> Int {
        guard token.presence == .present, let base, let start = token.tokenText.baseAddress else { return line(of: node()) }
        return lines.line(at: start - base)
    }

    /// The `#if` clauses around the current point, turned into text only when an import
    /// needs it: most `#if`s hold no import.
    struct Clause {
        var earlier: [ExprSyntax]
        var own: ExprSyntax?

        var text: String {
            let previous = earlier.map(\.trimmedText)
            guard let own = own?.trimmedText else { return "!(\(previous.joined(separator: " || ")))" }
            return previous.isEmpty ? own : "!(\(previous.joined(separator: " || "))) && \(own)"
        }
    }

    mutating func visit(_ statements: CodeBlockItemListSyntax, clauses: [Clause]) {
        for item in statements {
            guard case .decl(let decl) = item.item else { continue }
            visit(decl, clauses: clauses, scope: .topLevel)
        }
    }

    /// What encloses a declaration, which decides its default and maximum access.
    enum Container {
        case topLevel
        case type(AccessLevel)
        case `extension`(AccessLevel?)
        case `protocol`(AccessLevel)
    }

    /// The enclosing declaration: its access rule, its name and whether its members are final.
    struct Scope {
        var container: Container
        var parent: String?
        var traits: DeclarationTraits = []
        /// The qualified name of `parent`: `A.B` for `B` nested in `A`.
        var path: String?
        /// The type's or extension's own declaration, by index: what its initializers,
        /// subscripts and enum cases mention is kept on it.
        var owner: Int?

        static let topLevel = Scope(container: .topLevel, parent: nil)

        /// The qualified name of a type declared here.
        func qualified(_ name: String) -> String { path.map { "\($0).\(name)" } ?? name }
    }

    mutating func visit(_ decl: DeclSyntax, clauses: [Clause], scope: Scope) {
        switch decl.as(DeclSyntaxEnum.self) {
        case .importDecl(let node):
            record(node, clauses: clauses)
        case .ifConfigDecl(let node):
            visit(node, clauses: clauses, scope: scope)
        case .structDecl(let node):
            let raw = node.raw.cast(RawStructDeclSyntax.self)
            let inner = record(.struct, raw.name, node.name, raw.modifiers, raw.attributes, raw.inheritanceClause, scope)
            if Self.isInterface(raw.memberBlock, inheritance: raw.inheritanceClause) { declarations[declarations.count - 1].traits.insert(.interface) }
            visit(node.memberBlock, clauses: clauses, scope: inner)
        case .classDecl(let node):
            let raw = node.raw.cast(RawClassDeclSyntax.self)
            let inner = record(.class, raw.name, node.name, raw.modifiers, raw.attributes, raw.inheritanceClause, scope)
            if Self.isInterface(raw.memberBlock, inheritance: raw.inheritanceClause) { declarations[declarations.count - 1].traits.insert(.interface) }
            visit(node.memberBlock, clauses: clauses, scope: inner)
        case .enumDecl(let node):
            let raw = node.raw.cast(RawEnumDeclSyntax.self)
            let line = line(of: raw.name, node.name)
            if let fact = ValueReader.enumeration(node, owner: scope.path, line: line) { values.append(fact) }
            let inner = record(.enum, raw.name, node.name, raw.modifiers, raw.attributes, raw.inheritanceClause, scope)
            visit(node.memberBlock, clauses: clauses, scope: inner)
        case .actorDecl(let node):
            let raw = node.raw.cast(RawActorDeclSyntax.self)
            let inner = record(.actor, raw.name, node.name, raw.modifiers, raw.attributes, raw.inheritanceClause, scope)
            visit(node.memberBlock, clauses: clauses, scope: inner)
        case .protocolDecl(let node):
            let raw = node.raw.cast(RawProtocolDeclSyntax.self)
            let inner = record(.protocol, raw.name, node.name, raw.modifiers, raw.attributes, raw.inheritanceClause, scope)
            visit(node.memberBlock, clauses: clauses, scope: inner)
        case .extensionDecl(let node):
            visit(node, clauses: clauses, scope: scope)
        case .functionDecl(let node):
            record(node, scope: scope)
        case .initializerDecl(let node):
            mention(node.signature.raw, typesOnly: true, on: scope)
        case .subscriptDecl(let node):
            mention(node.parameterClause.raw, typesOnly: true, on: scope)
            mention(node.returnClause.raw, typesOnly: true, on: scope)
        case .enumCaseDecl(let node):
            for element in node.elements { if let values = element.parameterClause { mention(values.raw, typesOnly: true, on: scope) } }
        case .variableDecl(let node):
            record(node, scope: scope)
        case .macroDecl(let node):
            let raw = node.raw.cast(RawMacroDeclSyntax.self)
            _ = record(.macro, raw.name, node.name, raw.modifiers, raw.attributes, nil, scope)
        case .typeAliasDecl(let node):
            record(node, scope: scope)
        default:
            break
        }
    }

    /// An extension: what it extends, and its members with it as their scope.
    mutating func visit(_ node: ExtensionDeclSyntax, clauses: [Clause], scope: Scope) {
        let raw = node.raw.cast(RawExtensionDeclSyntax.self)
        let modifiers = Self.modifiers(raw.modifiers)
        let name = Self.typeName(raw.extendedType)
        var traits = modifiers.traits.union(Self.traits(raw.attributes))
        let unnamed = raw.memberBlock.members.layoutView.children.contains { item in
            guard let kind = item.flatMap(RawMemberBlockItemSyntax.init)?.decl.raw.kind else { return false }
            return kind == .initializerDecl || kind == .subscriptDecl
        }
        if unnamed { traits.insert(.unnamedMembers) }
        declarations.append(DeclarationFact(
            kind: .extension, name: name, access: modifiers.access ?? .internal, line: line(of: raw.extensionKeyword, node.extensionKeyword),
            parent: scope.parent, inherits: Self.inherited(raw.inheritanceClause), traits: traits))
        visit(node.memberBlock, clauses: clauses, scope: Scope(
            container: .extension(modifiers.access), parent: name, traits: traits.intersection(.objc), path: name,
            owner: declarations.count - 1))
    }

    mutating func record(_ node: FunctionDeclSyntax, scope: Scope) {
        let raw = node.raw.cast(RawFunctionDeclSyntax.self)
        _ = record(.func, raw.name, node.name, raw.modifiers, raw.attributes, nil, scope)
        // The signatures of generic functions, which DI resolves through (a helper taking
        // `KeyPath<Container, Factory<T>>`, a container's `register<T>`): kept small, as the
        // facts cache holds every declaration.
        if raw.genericParameterClause != nil { declarations[declarations.count - 1].type = Self.short(raw.signature.raw) }
        mention(raw.signature.raw, typesOnly: true)
    }

    mutating func record(_ node: TypeAliasDeclSyntax, scope: Scope) {
        let raw = node.raw.cast(RawTypeAliasDeclSyntax.self)
        let modifiers = Self.modifiers(raw.modifiers)
        _ = record(
            .typealias, String(syntaxText: raw.name.tokenText), line(of: raw.name, node.name), modifiers,
            Self.traits(raw.attributes), nil, scope, value: Self.short(raw.initializer.value.raw))
        mention(raw.initializer.value.raw, typesOnly: true)
    }

    /// A `var` or `let`: each of its bindings.
    mutating func record(_ node: VariableDeclSyntax, scope: Scope) {
        let raw = node.raw.cast(RawVariableDeclSyntax.self)
        let isLet = Self.isKeyword(raw.bindingSpecifier, "let")
        let modifiers = Self.modifiers(raw.modifiers)
        let traits = Self.traits(raw.attributes)
        let isStatic = modifiers.traits.contains(.static)
        let isStaticLet = isLet && isStatic  // `class let` does not compile
        let specifierLine = line(of: raw.bindingSpecifier, node.bindingSpecifier)
        var position = 0
        for case let child? in raw.bindings.layoutView.children {
            defer { position += 1 }
            let binding = child.cast(RawPatternBindingSyntax.self)
            if ValueReader.mayDefine(binding, isLet: isLet),
               let high = node.bindings.dropFirst(position).first,
               let fact = ValueReader.property(high, isLet: isLet, owner: scope.path, line: specifierLine) {
                values.append(fact)
            }
            let value = isStaticLet ? binding.initializer.flatMap { Self.short($0.value.raw) } : nil
            if let identifier = binding.pattern.as(RawIdentifierPatternSyntax.self)?.identifier {
                let line = line(of: identifier, node.bindings.dropFirst(position).first!.pattern.cast(IdentifierPatternSyntax.self).identifier)
                _ = record(.var, String(syntaxText: identifier.tokenText), line, modifiers, traits, nil, scope, value: value)
                // Stored properties' types, and computed ones only when a factory (`var x:
                // Factory<T> { get }` in a protocol): what DI resolves through, kept small as
                // the facts cache holds every declaration.
                let stored = Self.isStored(binding)
                if stored || Self.isFactoryType(binding.typeAnnotation?.type) {
                    declarations[declarations.count - 1].type = Self.propertyType(binding)
                }
                if !isStatic, scope.parent != nil, stored { declarations[declarations.count - 1].traits.insert(.stored) }
                if let type = binding.typeAnnotation?.type {
                    mention(type.raw, typesOnly: true)
                } else if let value = binding.initializer?.value {
                    mention(value.raw, typesOnly: false)
                }
            } else {
                _ = record(.var, binding.pattern.raw.trimmedText, specifierLine, modifiers, traits, nil, scope)
            }
        }
    }

    mutating func visit(_ members: MemberBlockSyntax, clauses: [Clause], scope: Scope) {
        for member in members.members {
            visit(member.decl, clauses: clauses, scope: scope)
        }
    }

    mutating func visit(_ node: IfConfigDeclSyntax, clauses outer: [Clause], scope: Scope) {
        var earlier: [ExprSyntax] = []
        for clause in node.clauses {
            let clauses = outer + [Clause(earlier: earlier, own: clause.condition)]
            if let condition = clause.condition { earlier.append(condition) }
            switch clause.elements {
            case .statements(let statements)?:
                visit(statements, clauses: clauses)
            case .decls(let members)?:
                for member in members { visit(member.decl, clauses: clauses, scope: scope) }
            default:
                break
            }
        }
    }

    mutating func record(_ node: ImportDeclSyntax, clauses: [Clause]) {
        guard let first = node.path.first else { return }
        let attributes = node.attributes.compactMap { element -> String? in
            guard let attribute = element.as(AttributeSyntax.self) else { return nil }
            return "@" + attribute.attributeName.trimmedText
                + (attribute.arguments.map { "(\($0.trimmedText))" } ?? "")
        }.sorted()
        let rest = node.path.dropFirst().map(\.name.text)
        imports.append(ImportFact(
            module: first.name.text, line: line(of: node.importKeyword), attributes: attributes,
            accessLevel: Self.modifiers(node.raw.cast(RawImportDeclSyntax.self).modifiers).access,
            declarationKind: node.importKindSpecifier?.text,
            symbol: rest.isEmpty ? nil : rest.joined(separator: "."),
            condition: clauses.isEmpty ? nil : clauses.map(\.text).joined(separator: " && ")))
    }

    /// Records a type declaration and returns the scope of its members.
    mutating func record(
        _ kind: DeclarationKind, _ name: RawTokenSyntax, _ node: @autoclosure () -> TokenSyntax, _ modifiers: RawDeclModifierListSyntax,
        _ attributes: RawAttributeListSyntax, _ inheritance: RawInheritanceClauseSyntax?, _ scope: Scope
    ) -> Scope {
        let text = String(syntaxText: name.tokenText)
        let access = record(kind, text, line(of: name, node()), Self.modifiers(modifiers), Self.traits(attributes), inheritance, scope)
        let own = declarations[declarations.count - 1].traits
        let container: Container = kind == .protocol ? .protocol(access) : .type(access)
        return Scope(
            container: container, parent: text, traits: own.intersection([.objc, .final]), path: scope.qualified(text), owner: declarations.count - 1)
    }

    /// Keeps what `node` mentions (`DeclarationFact.mentions`) on the last declaration, or on
    /// the type or extension `scope` declares (an initializer's, a subscript's, an enum
    /// case's), when other files can see it.
    mutating func mention(_ node: RawSyntax, typesOnly: Bool, on scope: Scope? = nil) {
        guard let index = scope.map({ $0.owner }) ?? declarations.indices.last, declarations[index].access < .fileprivate else { return }
        node.mentions(into: &declarations[index].mentions, typesOnly: typesOnly)
    }

    /// Records a declaration and returns its effective access, which caps its members'.
    mutating func record(
        _ kind: DeclarationKind, _ name: String, _ line: Int, _ modifiers: Modifiers, _ attributeTraits: DeclarationTraits,
        _ inheritance: RawInheritanceClauseSyntax?, _ scope: Scope, value: String? = nil
    ) -> AccessLevel {
        let explicit = modifiers.access
        let access: AccessLevel
        switch scope.container {
        case .topLevel:
            access = explicit == .private ? .fileprivate : explicit ?? .internal
        case .type(let outer):
            access = max(explicit ?? .internal, outer == .private ? .fileprivate : outer)
        case .extension(let outer):
            access = explicit ?? outer ?? .internal
        case .protocol(let outer):
            access = outer
        }
        // Members inherit `final` and `@objcMembers`; nested types do not.
        let traits = modifiers.traits.union(attributeTraits).union(kind.isType ? [] : scope.traits)
        declarations.append(DeclarationFact(
            kind: kind, name: name, access: access, line: line, parent: scope.parent,
            inherits: Self.inherited(inheritance), traits: traits, value: value, path: scope.path == scope.parent ? nil : scope.path))
        return access
    }

    // MARK: Raw parts

    /// What a declaration's modifiers say, read in one pass.
    struct Modifiers {
        /// The access modifier as written; `private(set)` and friends only restrict the setter.
        var access: AccessLevel?
        var traits: DeclarationTraits = []
    }

    /// Compared by token kind: no strings are made for modifiers.
    static func modifiers(_ list: RawDeclModifierListSyntax) -> Modifiers {
        var result = Modifiers()
        for case let child? in list.layoutView.children {
            let modifier = child.cast(RawDeclModifierSyntax.self)
            guard modifier.name.tokenKind == .keyword else { continue }
            let name = modifier.name.tokenText
            switch name {
            case "override": result.traits.insert(.override)
            case "static", "class": result.traits.insert(.static)
            case "final": result.traits.insert(.final)
            case "dynamic": result.traits.insert(.objc)
            default: break
            }
            guard result.access == nil, modifier.detail == nil else { continue }
            switch name {
            case "open": result.access = .open
            case "public": result.access = .public
            case "package": result.access = .package
            case "internal": result.access = .internal
            case "fileprivate": result.access = .fileprivate
            case "private": result.access = .private
            default: break
            }
        }
        return result
    }

    /// A keyword token spelled `text`.
    static func isKeyword(_ token: RawTokenSyntax, _ text: SyntaxText) -> Bool {
        token.tokenKind == .keyword && token.tokenText == text
    }

    static let objcAttributes: Set<String> = [
        "objc", "objcMembers", "IBAction", "IBOutlet", "IBInspectable", "IBSegueAction", "NSManaged", "GKInspectable",
    ]
    static let entryPointAttributes: Set<String> = ["main", "UIApplicationMain", "NSApplicationMain"]

    /// Traits from attributes named by a plain identifier.
    static func traits(_ list: RawAttributeListSyntax) -> DeclarationTraits {
        var traits: DeclarationTraits = []
        for case let child? in list.layoutView.children {
            guard let attribute = child.as(RawAttributeSyntax.self),
                  let name = attribute.attributeName.as(RawIdentifierTypeSyntax.self)?.name.tokenText else { continue }
            let text = String(syntaxText: name)
            if objcAttributes.contains(text) { traits.insert(.objc) }
            if entryPointAttributes.contains(text) { traits.insert(.entryPoint) }
        }
        return traits
    }

    /// A property's type for the symbol index: as declared, else what its initializer makes
    /// when that is plain (`X(...)`, `X.shared`, `[K: V]()`, a closure, a literal).
    static func propertyType(_ binding: RawPatternBindingSyntax) -> String? {
        if let type = binding.typeAnnotation?.type { return short(type.raw) }
        guard let value = binding.initializer?.value else { return nil }
        if value.is(RawStringLiteralExprSyntax.self) { return "String" }
        if value.is(RawIntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(RawBooleanLiteralExprSyntax.self) { return "Bool" }
        var callee = value
        if let call = value.as(RawFunctionCallExprSyntax.self) { callee = call.calledExpression }
        if callee.is(RawDictionaryExprSyntax.self) || callee.is(RawArrayExprSyntax.self) || callee.is(RawGenericSpecializationExprSyntax.self) {
            return short(callee.raw)
        }
        if let member = callee.as(RawMemberAccessExprSyntax.self), let base = member.base,
           ["shared", "init", "default", "live", "standard"].contains(String(syntaxText: member.declName.baseName.tokenText)) {
            callee = base
        }
        if let reference = callee.as(RawDeclReferenceExprSyntax.self), isUppercase(reference.baseName) {
            return String(syntaxText: reference.baseName.tokenText)
        }
        if let member = callee.as(RawMemberAccessExprSyntax.self), isUppercase(member.declName.baseName),
           let base = member.base?.as(RawDeclReferenceExprSyntax.self), isUppercase(base.baseName) {
            return member.raw.trimmedText
        }
        return nil
    }

    /// Whether a name starts with an uppercase letter, as `String.first?.isUppercase` says.
    static func isUppercase(_ token: RawTokenSyntax) -> Bool {
        let text = token.tokenText
        guard let start = text.baseAddress, !text.isEmpty else { return false }
        if start[0] < 0x80 { return start[0] >= UInt8(ascii: "A") && start[0] <= UInt8(ascii: "Z") }
        return String(syntaxText: text).first?.isUppercase == true
    }

    /// `Factory<T>`, `ParameterFactory<P, T>`.
    static func isFactoryType(_ type: RawTypeSyntax?) -> Bool {
        guard let name = type?.as(RawIdentifierTypeSyntax.self)?.name.tokenText else { return false }
        return InjectionNames.factoryTypes.contains(String(syntaxText: name))
    }

    /// `(A) -> B`, `@Sendable (A) async -> B`, `((A) -> B)?`.
    static func isFunction(_ type: RawTypeSyntax) -> Bool {
        if type.is(RawFunctionTypeSyntax.self) { return true }
        if let attributed = type.as(RawAttributedTypeSyntax.self) { return isFunction(attributed.baseType) }
        if let optional = type.as(RawOptionalTypeSyntax.self) { return isFunction(optional.wrappedType) }
        if let forced = type.as(RawImplicitlyUnwrappedOptionalTypeSyntax.self) { return isFunction(forced.wrappedType) }
        if let tuple = type.as(RawTupleTypeSyntax.self) {
            let elements = tuple.elements.layoutView.children
            if elements.count == 1, let only = elements.first?.flatMap(RawTupleTypeElementSyntax.init) { return isFunction(only.type) }
        }
        return false
    }

    /// A stored property: no accessors, or only observers.
    static func isStored(_ binding: RawPatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return true }
        guard let list = accessors.as(RawAccessorDeclListSyntax.self) else { return false }  // a getter's statements
        return list.layoutView.children.allSatisfy { child in
            guard let accessor = child?.as(RawAccessorDeclSyntax.self) else { return true }
            return isKeyword(accessor.accessorSpecifier, "willSet") || isKeyword(accessor.accessorSpecifier, "didSet")
        }
    }

    /// Whether a struct's or class's stored instance properties are all of function type, there
    /// is at least one, and it conforms to nothing but markers (`Sendable`, a dependency key): a
    /// dependency client, an interface spelled as a value, whatever conveniences its body adds.
    /// A type conforming to a protocol of behaviour (a SwiftUI adapter holding a closure, a
    /// subclass) implements that abstraction: concrete.
    static func isInterface(_ members: RawMemberBlockSyntax, inheritance: RawInheritanceClauseSyntax?) -> Bool {
        if let inheritance, !inherited(inheritance).allSatisfy(markerConformances.contains) { return false }
        var found = false
        for case let item? in members.members.layoutView.children {
            guard let variable = item.cast(RawMemberBlockItemSyntax.self).decl.as(RawVariableDeclSyntax.self),
                  !modifiers(variable.modifiers).traits.contains(.static) else { continue }
            for case let child? in variable.bindings.layoutView.children {
                let binding = child.cast(RawPatternBindingSyntax.self)
                guard isStored(binding) else { continue }
                if let type = binding.typeAnnotation?.type {
                    guard isFunction(type) else { return false }
                } else {
                    guard binding.initializer?.value.is(RawClosureExprSyntax.self) == true else { return false }
                }
                found = true
            }
        }
        return found
    }

    /// The inheritance clause's type names as written.
    static func inherited(_ clause: RawInheritanceClauseSyntax?) -> [String] {
        guard let clause else { return [] }
        return clause.inheritedTypes.layoutView.children.compactMap { child in
            child.map { typeName($0.cast(RawInheritedTypeSyntax.self).type) }
        }
    }

    /// Conformances that add no behaviour of their own to a dependency client.
    static let markerConformances: Set<String> = ["Sendable", "@unchecked Sendable", "DependencyKey", "TestDependencyKey"]

    /// A type's name as written, without building it from tokens in the common cases.
    static func typeName(_ type: RawTypeSyntax) -> String {
        if let identifier = type.as(RawIdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return String(syntaxText: identifier.name.tokenText)
        }
        if let member = type.as(RawMemberTypeSyntax.self), member.genericArgumentClause == nil {
            return typeName(member.baseType) + "." + String(syntaxText: member.name.tokenText)
        }
        return type.raw.trimmedText
    }

    /// A short expression or type as written; long ones are not worth keeping.
    static func short(_ node: RawSyntax) -> String? {
        node.trimmedText(within: 120)
    }
}
