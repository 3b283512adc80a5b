import StrataModel
import StrataSourceTree
import SwiftParser
import SwiftSyntax

/// Extracts a file's facts (imports, declarations, line count) with swift-syntax.
///
/// A pure function of the bytes. It walks the top level, `#if` blocks and type and extension
/// bodies only: imports and the declarations that count cannot live inside function bodies,
/// so skipping them keeps a scan close to the cost of the parse.
public enum FileScanner {
    public static func scan(_ bytes: [UInt8]) -> FileFacts {
        bytes.withUnsafeBufferPointer { buffer in
            var problems: [String] = []
            if String(validating: buffer, as: UTF8.self) == nil {
                problems.append("not valid UTF-8; read as far as the parser could")
            }
            let tree = Parser.parse(source: buffer)
            if tree.hasError { problems.append("has syntax errors; facts may be incomplete") }
            var walker = Walker(lines: LineTable(buffer))
            walker.visit(tree.statements, condition: nil)
            return FileFacts(
                lines: walker.lines.lineCount, imports: walker.imports,
                declarations: walker.declarations, problems: problems)
        }
    }
}

private struct Walker {
    let lines: LineTable
    var imports: [ImportFact] = []
    var declarations: [DeclarationFact] = []

    init(lines: LineTable) { self.lines = lines }

    func line(of node: some SyntaxProtocol) -> Int {
        lines.line(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    mutating func visit(_ statements: CodeBlockItemListSyntax, condition: String?) {
        for item in statements {
            guard let decl = item.item.as(DeclSyntax.self) else { continue }
            visit(decl, condition: condition, container: .topLevel)
        }
    }

    /// What encloses a declaration, which decides its default and maximum access.
    enum Container {
        case topLevel
        case type(AccessLevel)
        case `extension`(AccessLevel?)
        case `protocol`(AccessLevel)
    }

    mutating func visit(_ decl: DeclSyntax, condition: String?, container: Container) {
        if let node = decl.as(ImportDeclSyntax.self) {
            record(node, condition: condition)
        } else if let node = decl.as(IfConfigDeclSyntax.self) {
            visit(node, condition: condition, container: container)
        } else if let node = decl.as(StructDeclSyntax.self) {
            let access = record(.struct, node.name.text, node.modifiers, node, container)
            visit(node.memberBlock, condition: condition, container: .type(access))
        } else if let node = decl.as(ClassDeclSyntax.self) {
            let access = record(.class, node.name.text, node.modifiers, node, container)
            visit(node.memberBlock, condition: condition, container: .type(access))
        } else if let node = decl.as(EnumDeclSyntax.self) {
            let access = record(.enum, node.name.text, node.modifiers, node, container)
            visit(node.memberBlock, condition: condition, container: .type(access))
        } else if let node = decl.as(ActorDeclSyntax.self) {
            let access = record(.actor, node.name.text, node.modifiers, node, container)
            visit(node.memberBlock, condition: condition, container: .type(access))
        } else if let node = decl.as(ProtocolDeclSyntax.self) {
            let access = record(.protocol, node.name.text, node.modifiers, node, container)
            visit(node.memberBlock, condition: condition, container: .protocol(access))
        } else if let node = decl.as(ExtensionDeclSyntax.self) {
            let explicit = Self.explicitAccess(node.modifiers)
            declarations.append(DeclarationFact(
                kind: .extension, name: node.extendedType.trimmedDescription,
                access: explicit ?? .internal, line: line(of: node)))
            visit(node.memberBlock, condition: condition, container: .extension(explicit))
        } else if let node = decl.as(FunctionDeclSyntax.self) {
            _ = record(.func, node.name.text, node.modifiers, node, container)
        } else if let node = decl.as(VariableDeclSyntax.self) {
            for binding in node.bindings {
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                    ?? binding.pattern.trimmedDescription
                _ = record(.var, name, node.modifiers, binding, container)
            }
        } else if let node = decl.as(TypeAliasDeclSyntax.self) {
            _ = record(.typealias, node.name.text, node.modifiers, node, container)
        }
    }

    mutating func visit(_ members: MemberBlockSyntax, condition: String?, container: Container) {
        for member in members.members {
            visit(member.decl, condition: condition, container: container)
        }
    }

    mutating func visit(_ node: IfConfigDeclSyntax, condition outer: String?, container: Container) {
        var previous: [String] = []
        for clause in node.clauses {
            let own: String
            if let test = clause.condition?.trimmedDescription {
                own = previous.isEmpty ? test : "!(\(previous.joined(separator: " || "))) && \(test)"
                previous.append(test)
            } else {
                own = "!(\(previous.joined(separator: " || ")))"
            }
            let condition = outer.map { "\($0) && \(own)" } ?? own
            switch clause.elements {
            case .statements(let statements)?:
                visit(statements, condition: condition)
            case .decls(let members)?:
                for member in members { visit(member.decl, condition: condition, container: container) }
            default:
                break
            }
        }
    }

    mutating func record(_ node: ImportDeclSyntax, condition: String?) {
        guard let first = node.path.first else { return }
        let attributes = node.attributes.compactMap { element -> String? in
            guard let attribute = element.as(AttributeSyntax.self) else { return nil }
            return "@" + attribute.attributeName.trimmedDescription
                + (attribute.arguments.map { "(\($0.trimmedDescription))" } ?? "")
        }.sorted()
        let rest = node.path.dropFirst().map(\.name.text)
        imports.append(ImportFact(
            module: first.name.text, line: line(of: node), attributes: attributes,
            accessLevel: Self.explicitAccess(node.modifiers),
            declarationKind: node.importKindSpecifier?.text,
            symbol: rest.isEmpty ? nil : rest.joined(separator: "."),
            condition: condition))
    }

    /// Records a declaration and returns its effective access, which caps its members'.
    mutating func record(
        _ kind: DeclarationKind, _ name: String, _ modifiers: DeclModifierListSyntax,
        _ node: some SyntaxProtocol, _ container: Container
    ) -> AccessLevel {
        let explicit = Self.explicitAccess(modifiers)
        let access: AccessLevel
        switch container {
        case .topLevel:
            access = explicit == .private ? .fileprivate : explicit ?? .internal
        case .type(let outer):
            access = max(explicit ?? .internal, outer == .private ? .fileprivate : outer)
        case .extension(let outer):
            access = explicit ?? outer ?? .internal
        case .protocol(let outer):
            access = outer
        }
        declarations.append(DeclarationFact(kind: kind, name: name, access: access, line: line(of: node)))
        return access
    }

    /// The access modifier as written; `private(set)` and friends only restrict the setter.
    static func explicitAccess(_ modifiers: DeclModifierListSyntax) -> AccessLevel? {
        for modifier in modifiers where modifier.detail == nil {
            if let level = AccessLevel(rawValue: modifier.name.text) { return level }
        }
        return nil
    }
}
