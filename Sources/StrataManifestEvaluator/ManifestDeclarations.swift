import SwiftSyntax

/// What a manifest and its helper files declare: functions, computed and global variables,
/// and types with their members. Declarations are usable before their line, as in Swift.
struct ManifestDeclarations {
    /// A body to evaluate on demand: a computed property, a global, a default value.
    enum Body {
        case expression(ExprSyntax)
        case statements(CodeBlockItemListSyntax)
    }

    /// A property or global with its declared type, which tells implicit members (`.core`)
    /// what they belong to.
    struct Member {
        var body: Body
        var type: String?
    }

    struct EnumCase {
        var name: String
        var rawValue: ExprSyntax?
        /// The types of the associated values, in order (empty for a plain case).
        var payload: [String]
        var hasPayload: Bool { !payload.isEmpty }
    }

    /// An enum, struct, class or protocol of the manifest or its helpers, or a type they only
    /// extend (`extension Project { ... }`), with every member its extensions add.
    struct TypeDeclaration {
        var name: String
        /// Declared by the manifest or its helpers, not only extended (`extension Project`).
        var isDeclared = false
        var isEnum = false
        var isStruct = false
        var cases: [EnumCase] = []
        var conformances: [String] = []
        var storedProperties: [(name: String, type: String?, initial: ExprSyntax?)] = []
        var properties: [String: Member] = [:]
        var staticProperties: [String: Member] = [:]
        var methods: [String: [FunctionDeclSyntax]] = [:]
        var staticMethods: [String: [FunctionDeclSyntax]] = [:]
        var initializers: [InitializerDeclSyntax] = []

        func enumCase(_ name: String) -> EnumCase? { cases.first { $0.name == name } }
    }

    /// Global functions by name; for packages also the functions of extensions.
    var functions: [String: [FunctionDeclSyntax]] = [:]
    /// Computed variables anywhere, and the top-level constants of helper files.
    var globals: [String: Member] = [:]
    /// Types by qualified name (`ModulePaths.Feature`).
    var types: [String: TypeDeclaration] = [:]
    var typeAliases: [String: String] = [:]

    // MARK: - Collecting

    /// Collects the top-level declarations of one file. Top-level constants of helper files
    /// become globals (a helper module's globals); the manifest's own run in order instead.
    mutating func collect(
        _ statements: CodeBlockItemListSyntax, helper: Bool, choose: (IfConfigDeclSyntax) -> IfConfigClauseSyntax?
    ) {
        for item in statements {
            if let function = item.item.as(FunctionDeclSyntax.self) {
                functions[function.name.text, default: []].append(function)
            } else if let variable = item.item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let type = binding.typeAnnotation.map { Self.typeName($0.type) }
                    if let body = Self.body(of: binding.accessorBlock) {
                        globals[name] = Member(body: body, type: type)
                    } else if helper, let initial = binding.initializer?.value {
                        globals[name] = Member(body: .expression(initial), type: type)
                    }
                }
            } else if let ext = item.item.as(ExtensionDeclSyntax.self) {
                let name = Self.typeName(ext.extendedType)
                declare(name, inherits: ext.inheritanceClause, members: ext.memberBlock.members, choose: choose)
            } else if let decl = item.item.as(DeclSyntax.self) {
                declareType(decl, in: nil, choose: choose)
            }
            if let ifConfig = item.item.as(IfConfigDeclSyntax.self), let clause = choose(ifConfig) {
                switch clause.elements {
                case .statements(let inner)?: collect(inner, helper: helper, choose: choose)
                case .decls(let members)?: collectMembers(members, of: nil, choose: choose)
                default: break
                }
            }
        }
    }

    /// Declares an enum, struct, class or protocol (nested in `parent` when given).
    private mutating func declareType(_ decl: DeclSyntax, in parent: String?, choose: (IfConfigDeclSyntax) -> IfConfigClauseSyntax?) {
        func qualified(_ name: String) -> String { parent.map { "\($0).\(name)" } ?? name }
        if let node = decl.as(EnumDeclSyntax.self) {
            let name = qualified(node.name.text)
            types[name, default: TypeDeclaration(name: name)].isEnum = true
            types[name]?.isDeclared = true
            declare(name, inherits: node.inheritanceClause, members: node.memberBlock.members, choose: choose)
        } else if let node = decl.as(StructDeclSyntax.self) {
            let name = qualified(node.name.text)
            types[name, default: TypeDeclaration(name: name)].isStruct = true
            types[name]?.isDeclared = true
            declare(name, inherits: node.inheritanceClause, members: node.memberBlock.members, choose: choose)
        } else if let node = decl.as(ClassDeclSyntax.self) {
            let name = qualified(node.name.text)
            types[name, default: TypeDeclaration(name: name)].isStruct = true
            types[name]?.isDeclared = true
            declare(name, inherits: node.inheritanceClause, members: node.memberBlock.members, choose: choose)
        } else if let node = decl.as(ProtocolDeclSyntax.self) {
            let name = qualified(node.name.text)
            types[name, default: TypeDeclaration(name: name)].isDeclared = true
            declare(name, inherits: node.inheritanceClause, members: [], choose: choose)
        } else if let node = decl.as(TypeAliasDeclSyntax.self) {
            typeAliases[qualified(node.name.text)] = Self.typeName(node.initializer.value)
        }
    }

    private mutating func declare(
        _ name: String, inherits: InheritanceClauseSyntax?, members: MemberBlockItemListSyntax,
        choose: (IfConfigDeclSyntax) -> IfConfigClauseSyntax?
    ) {
        if types[name] == nil { types[name] = TypeDeclaration(name: name) }
        for inherited in inherits?.inheritedTypes ?? [] {
            types[name]?.conformances.append(Self.typeName(inherited.type))
        }
        collectMembers(members, of: name, choose: choose)
    }

    private mutating func collectMembers(_ members: MemberBlockItemListSyntax, of typeName: String?, choose: (IfConfigDeclSyntax) -> IfConfigClauseSyntax?) {
        for member in members {
            let decl = member.decl
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                if case .decls(let inner)? = choose(ifConfig)?.elements { collectMembers(inner, of: typeName, choose: choose) }
                continue
            }
            guard let typeName else {
                declareType(decl, in: nil, choose: choose)
                continue
            }
            if let variable = decl.as(VariableDeclSyntax.self) {
                let isStatic = Self.isStatic(variable.modifiers)
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let type = binding.typeAnnotation.map { Self.typeName($0.type) }
                    if let body = Self.body(of: binding.accessorBlock) {
                        if isStatic {
                            types[typeName]?.staticProperties[name] = Member(body: body, type: type)
                        } else {
                            types[typeName]?.properties[name] = Member(body: body, type: type)
                        }
                    } else if isStatic {
                        if let initial = binding.initializer?.value {
                            types[typeName]?.staticProperties[name] = Member(body: .expression(initial), type: type)
                        }
                    } else {
                        types[typeName]?.storedProperties.append((name, type, binding.initializer?.value))
                    }
                }
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                if Self.isStatic(function.modifiers) {
                    types[typeName]?.staticMethods[function.name.text, default: []].append(function)
                } else {
                    types[typeName]?.methods[function.name.text, default: []].append(function)
                }
            } else if let cases = decl.as(EnumCaseDeclSyntax.self) {
                for element in cases.elements {
                    let payload = element.parameterClause?.parameters.map { Self.typeName($0.type) } ?? []
                    types[typeName]?.cases.append(EnumCase(name: element.name.text, rawValue: element.rawValue?.value, payload: payload))
                }
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                types[typeName]?.initializers.append(initializer)
            } else {
                declareType(decl, in: typeName, choose: choose)
            }
        }
    }

    // MARK: - Looking up

    /// The type a written name means: through type aliases, qualified first, else by its last
    /// component when only one type has it, nested in a type the manifest declares (a nested
    /// `ModuleName` is visible inside `ModulePath`; `Project.Environment` does not hide
    /// Tuist's `Environment`).
    func type(named written: String?) -> TypeDeclaration? {
        guard var name = written.map(Self.stripped), !name.isEmpty else { return nil }
        if let alias = typeAliases[name] {
            name = alias
        } else if let dot = name.firstIndex(of: "."), let alias = typeAliases[String(name[..<dot])] {
            name = alias + name[dot...]
        }
        if let found = types[name] { return found }
        let last = name.split(separator: ".").last.map(String.init) ?? name
        if let alias = typeAliases[last], let found = types[alias] { return found }
        let matches = types.values.filter { candidate in
            guard candidate.name.hasSuffix("." + last) else { return false }
            let parent = String(candidate.name.dropLast(last.count + 1))
            return types[parent]?.isDeclared == true
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The enums that have a case of this name, sorted by name.
    func enums(withCase name: String) -> [TypeDeclaration] {
        types.values.filter { $0.isEnum && $0.enumCase(name) != nil }.sorted { $0.name < $1.name }
    }

    /// The types whose members (extensions, protocol extensions) apply to `type`: itself,
    /// then what it conforms to, transitively.
    func lineage(of type: TypeDeclaration) -> [TypeDeclaration] {
        var result: [TypeDeclaration] = [], seen: Set<String> = []
        var queue = [type]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next.name).inserted else { continue }
            result.append(next)
            queue += next.conformances.compactMap { self.type(named: $0) }
        }
        return result
    }

    // MARK: - Syntax helpers

    static func typeName(_ type: TypeSyntax) -> String { stripped(type.trimmedDescription) }

    /// A written type without module prefix, optionality or `any`/`some`.
    static func stripped(_ text: String) -> String {
        var name = text
        for prefix in ["any ", "some ", "inout "] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        return name.replacingOccurrences(of: "ProjectDescription.", with: "").replacingOccurrences(of: "PackageDescription.", with: "")
    }

    /// `[T]`, `Set<T>`, `Array<T>` -> `T`; other types unchanged.
    static func elementType(_ type: String?) -> String? {
        guard let type else { return nil }
        let name = stripped(type)
        // `[(name: String, path: String)]` is a list; `[String: String]` a dictionary.
        if name.hasPrefix("["), name.hasSuffix("]"), topLevel(String(name.dropFirst().dropLast()), splitAt: ":").count == 1 {
            return String(name.dropFirst().dropLast())
        }
        for collection in ["Set<", "Array<"] where name.hasPrefix(collection) && name.hasSuffix(">") {
            return String(name.dropFirst(collection.count).dropLast())
        }
        return name
    }

    /// The elements of a written tuple type, `(name: String, Target)` -> `[("name", "String"),
    /// (nil, "Target")]`; nil for any other type (a parenthesized single type included).
    static func tupleElements(_ type: String) -> [(label: String?, type: String)]? {
        func trimmed(_ text: String) -> String { String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
        let name = stripped(trimmed(type))
        guard name.hasPrefix("("), name.hasSuffix(")"), closingParenthesis(of: name) == name.index(before: name.endIndex) else { return nil }
        let parts = topLevel(String(name.dropFirst().dropLast()), splitAt: ",").map(trimmed).filter { !$0.isEmpty }
        guard parts.count > 1 else { return nil }
        return parts.map { part in
            let labelled = topLevel(part, splitAt: ":")
            return labelled.count == 2 ? (trimmed(labelled[0]), trimmed(labelled[1])) : (nil, part)
        }
    }

    /// Where the parenthesis that opens `text` closes: not at its end in `(A) -> (B)`.
    static func closingParenthesis(of text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" { depth -= 1 }
            if depth == 0 { return index }
        }
        return nil
    }

    /// `text` cut at each `separator` outside brackets, parentheses and angle brackets.
    static func topLevel(_ text: String, splitAt separator: Character) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for character in text {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where current.last != "-": depth -= 1
            default: break
            }
            if character == separator, depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return parts + [current]
    }

    /// The tuple type a written type means, through type aliases (`typealias Plugin = (name:
    /// String, path: String)`).
    func tupleElements(_ type: String?) -> [(label: String?, type: String)]? {
        guard var name = type.map(Self.stripped) else { return nil }
        var seen: Set<String> = []
        while let alias = typeAliases[name], seen.insert(name).inserted { name = alias }
        return Self.tupleElements(name)
    }

    /// Whether a value written as `.name` (an implicit member) could be of this parameter
    /// type: not of a plain String, number or Bool.
    static func takesImplicitMembers(_ type: String) -> Bool {
        !["String", "Int", "Double", "Bool", "Character"].contains(stripped(type))
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    }

    static func body(of accessor: AccessorBlockSyntax?) -> Body? {
        guard let accessor else { return nil }
        switch accessor.accessors {
        case .getter(let body):
            return .statements(body)
        case .accessors(let list):
            return list.first { $0.accessorSpecifier.text == "get" }?.body.map { .statements($0.statements) }
        }
    }

    static func singleExpression(of statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if let expr = item.as(ExprSyntax.self) { return expr }
        if let ret = item.as(ReturnStmtSyntax.self) { return ret.expression }
        if let stmt = item.as(ExpressionStmtSyntax.self) { return stmt.expression }
        return nil
    }
}
