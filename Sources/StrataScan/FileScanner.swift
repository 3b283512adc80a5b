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
            if !isValidUTF8(buffer) {
                problems.append("not valid UTF-8; read as far as the parser could")
            }
            let tree = Parser.parse(source: buffer)
            if tree.hasError { problems.append("has syntax errors; facts may be incomplete") }
            var facts = facts(of: tree, lines: LineTable(buffer))
            facts.problems = problems
            return facts
        }
    }

    /// The facts of a parsed file.
    public static func facts(of tree: SourceFileSyntax, lines: LineTable) -> FileFacts {
        var walker = Walker(lines: lines)
        walker.visit(tree.statements, clauses: [])
        return FileFacts(lines: lines.lineCount, imports: walker.imports, declarations: walker.declarations)
    }
}

/// ASCII is checked eight bytes at a time; only a file with other bytes pays for full
/// validation.
func isValidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(buffer)
    var index = 0
    while index + 8 <= raw.count {
        if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
            return String(validating: buffer, as: UTF8.self) != nil
        }
        index += 8
    }
    while index < raw.count {
        if raw[index] >= 0x80 { return String(validating: buffer, as: UTF8.self) != nil }
        index += 1
    }
    return true
}

private struct Walker {
    let lines: LineTable
    var imports: [ImportFact] = []
    var declarations: [DeclarationFact] = []

    init(lines: LineTable) { self.lines = lines }

    /// The line of a token: declarations are placed at their name (or keyword), which is
    /// cheaper to find than a node's first token and points past attributes and comments.
    func line(of token: TokenSyntax) -> Int {
        lines.line(at: token.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    /// The `#if` clauses around the current point, turned into text only when an import
    /// needs it: most `#if`s hold no import.
    struct Clause {
        var earlier: [ExprSyntax]
        var own: ExprSyntax?

        var text: String {
            let previous = earlier.map(\.trimmedDescription)
            guard let own = own?.trimmedDescription else { return "!(\(previous.joined(separator: " || ")))" }
            return previous.isEmpty ? own : "!(\(previous.joined(separator: " || "))) && \(own)"
        }
    }

    mutating func visit(_ statements: CodeBlockItemListSyntax, clauses: [Clause]) {
        for item in statements {
            guard case .decl(let decl) = item.item else { continue }
            visit(decl, clauses: clauses, container: .topLevel)
        }
    }

    /// What encloses a declaration, which decides its default and maximum access.
    enum Container {
        case topLevel
        case type(AccessLevel)
        case `extension`(AccessLevel?)
        case `protocol`(AccessLevel)
    }

    mutating func visit(_ decl: DeclSyntax, clauses: [Clause], container: Container) {
        switch decl.as(DeclSyntaxEnum.self) {
        case .importDecl(let node):
            record(node, clauses: clauses)
        case .ifConfigDecl(let node):
            visit(node, clauses: clauses, container: container)
        case .structDecl(let node):
            let access = record(.struct, node.name, node.modifiers, container)
            visit(node.memberBlock, clauses: clauses, container: .type(access))
        case .classDecl(let node):
            let access = record(.class, node.name, node.modifiers, container)
            visit(node.memberBlock, clauses: clauses, container: .type(access))
        case .enumDecl(let node):
            let access = record(.enum, node.name, node.modifiers, container)
            visit(node.memberBlock, clauses: clauses, container: .type(access))
        case .actorDecl(let node):
            let access = record(.actor, node.name, node.modifiers, container)
            visit(node.memberBlock, clauses: clauses, container: .type(access))
        case .protocolDecl(let node):
            let access = record(.protocol, node.name, node.modifiers, container)
            visit(node.memberBlock, clauses: clauses, container: .protocol(access))
        case .extensionDecl(let node):
            let explicit = Self.explicitAccess(node.modifiers)
            declarations.append(DeclarationFact(
                kind: .extension, name: Self.typeName(node.extendedType),
                access: explicit ?? .internal, line: line(of: node.extensionKeyword)))
            visit(node.memberBlock, clauses: clauses, container: .extension(explicit))
        case .functionDecl(let node):
            _ = record(.func, node.name, node.modifiers, container)
        case .variableDecl(let node):
            for binding in node.bindings {
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier {
                    _ = record(.var, identifier, node.modifiers, container)
                } else {
                    _ = record(.var, binding.pattern.trimmedDescription, line(of: node.bindingSpecifier), node.modifiers, container)
                }
            }
        case .typeAliasDecl(let node):
            _ = record(.typealias, node.name, node.modifiers, container)
        default:
            break
        }
    }

    mutating func visit(_ members: MemberBlockSyntax, clauses: [Clause], container: Container) {
        for member in members.members {
            visit(member.decl, clauses: clauses, container: container)
        }
    }

    mutating func visit(_ node: IfConfigDeclSyntax, clauses outer: [Clause], container: Container) {
        var earlier: [ExprSyntax] = []
        for clause in node.clauses {
            let clauses = outer + [Clause(earlier: earlier, own: clause.condition)]
            if let condition = clause.condition { earlier.append(condition) }
            switch clause.elements {
            case .statements(let statements)?:
                visit(statements, clauses: clauses)
            case .decls(let members)?:
                for member in members { visit(member.decl, clauses: clauses, container: container) }
            default:
                break
            }
        }
    }

    mutating func record(_ node: ImportDeclSyntax, clauses: [Clause]) {
        guard let first = node.path.first else { return }
        let attributes = node.attributes.compactMap { element -> String? in
            guard let attribute = element.as(AttributeSyntax.self) else { return nil }
            return "@" + attribute.attributeName.trimmedDescription
                + (attribute.arguments.map { "(\($0.trimmedDescription))" } ?? "")
        }.sorted()
        let rest = node.path.dropFirst().map(\.name.text)
        imports.append(ImportFact(
            module: first.name.text, line: line(of: node.importKeyword), attributes: attributes,
            accessLevel: Self.explicitAccess(node.modifiers),
            declarationKind: node.importKindSpecifier?.text,
            symbol: rest.isEmpty ? nil : rest.joined(separator: "."),
            condition: clauses.isEmpty ? nil : clauses.map(\.text).joined(separator: " && ")))
    }

    mutating func record(
        _ kind: DeclarationKind, _ name: TokenSyntax, _ modifiers: DeclModifierListSyntax, _ container: Container
    ) -> AccessLevel {
        record(kind, name.text, line(of: name), modifiers, container)
    }

    /// Records a declaration and returns its effective access, which caps its members'.
    mutating func record(
        _ kind: DeclarationKind, _ name: String, _ line: Int, _ modifiers: DeclModifierListSyntax, _ container: Container
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
        declarations.append(DeclarationFact(kind: kind, name: name, access: access, line: line))
        return access
    }

    /// A type's name as written, without building it from tokens in the common cases.
    static func typeName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
            return typeName(member.baseType) + "." + member.name.text
        }
        return type.trimmedDescription
    }

    /// The access modifier as written; `private(set)` and friends only restrict the setter.
    /// Compared by token kind: no strings are made for the many modifiers that are not access.
    static func explicitAccess(_ modifiers: DeclModifierListSyntax) -> AccessLevel? {
        for modifier in modifiers where modifier.detail == nil {
            switch modifier.name.tokenKind {
            case .keyword(.open): return .open
            case .keyword(.public): return .public
            case .keyword(.package): return .package
            case .keyword(.internal): return .internal
            case .keyword(.fileprivate): return .fileprivate
            case .keyword(.private): return .private
            default: continue
            }
        }
        return nil
    }
}
