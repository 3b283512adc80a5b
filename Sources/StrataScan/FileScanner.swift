#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel
import StrataParsing
import StrataSourceTree
@_spi(RawSyntax) import SwiftSyntax

/// Extracts a file's facts (imports, declarations, references, injection syntax, line count)
/// with swift-syntax.
///
/// A pure function of the bytes and the configured injection names. Declarations come from a
/// walk of the top level, `#if` blocks and type and extension bodies only; references from the
/// identifier tokens of the raw tree; injection syntax from a full walk that only files
/// spelling an injection name pay for.
public enum FileScanner {
    /// Run on a thread with a large stack (`LargeStack`): parsing and walking recurse as
    /// deep as the file nests.
    public static func scan(_ bytes: [UInt8], names: InjectionNames = InjectionNames()) -> FileFacts {
        let parsed = BoundedParse(bytes)
        var facts = declarations(of: parsed.tree, lines: parsed.lines)
        facts.lines = parsed.lineCount
        facts.problems = parsed.problems
        parsed.source.withUnsafeBufferPointer { buffer in
            // One walk of the raw tree finds the identifiers and what the injection walk enters.
            var identifiers = IdentifierTable()
            let mayInject = InjectionScanner.mayInject(buffer, names: names)
            // Factory's consumer calls are any lowercase call: such a file is walked whole.
            let importsFactory = mayInject && facts.imports.contains { $0.module == "Factory" || $0.module == "FactoryKit" }
            var relevance = mayInject && !importsFactory
                ? InjectionScanner.Relevance(calls: names.factories.isEmpty && names.factoryResolvers.isEmpty
                    ? names.allCalls : names.allCalls.union(names.factories).union(names.factoryResolvers)) : nil
            // Tokens point into the parser's copy of the source: its start, for their offsets.
            if let first = parsed.tree.firstToken(viewMode: .sourceAccurate), let text = first.raw.tokenView?.rawText.baseAddress {
                identifiers.base = text - first.positionAfterSkippingLeadingTrivia.utf8Offset
            }
            _ = collect(parsed.tree.raw, parent: nil, into: &identifiers, marking: &relevance)
            if mayInject {
                facts.injections = InjectionScanner.scan(
                    parsed.tree, lines: parsed.lines, names: names, importsFactory: importsFactory, relevant: relevance?.nodes)
            }
            let references = identifiers.sortedNames()
            facts.references = references.names
            facts.referenceCounts = references.counts
            facts.referenceLines = references.offsets.map { UInt32(parsed.lines.line(at: Int($0))) }
            Self.discountImports(in: &facts)
            if InjectionScanner.contains(buffer, SuppressionScanner.marker) {
                facts.suppressions = SuppressionScanner.scan(parsed.tree, lines: parsed.lines)
            }
        }
        return facts
    }

    /// An import's own path (`Names` and `Token` in `import struct Names.Token`) names nothing
    /// the file uses: one occurrence each is taken off, and a name left with none is dropped.
    static func discountImports(in facts: inout FileFacts) {
        var dropped = false
        func discount(_ name: String) {
            guard let index = facts.referenceIndex(of: name), facts.referenceCounts[index] > 0 else { return }
            facts.referenceCounts[index] -= 1
            if facts.referenceCounts[index] == 0 { dropped = true }
        }
        for fact in facts.imports {
            discount(fact.module)
            for part in fact.symbol?.split(separator: ".") ?? [] { discount(String(part)) }
        }
        guard dropped else { return }
        // The names left, moved down in place (the three lists stay parallel).
        var kept = 0
        for index in facts.references.indices where facts.referenceCounts[index] > 0 {
            facts.references.swapAt(kept, index)
            facts.referenceLines[kept] = facts.referenceLines[index]
            facts.referenceCounts[kept] = facts.referenceCounts[index]
            kept += 1
        }
        facts.references.removeLast(facts.references.count - kept)
        facts.referenceLines.removeLast(facts.referenceLines.count - kept)
        facts.referenceCounts.removeLast(facts.referenceCounts.count - kept)
    }

    /// The facts of the declaration walk: all but references and injection syntax.
    static func declarations(of tree: SourceFileSyntax, lines: LineTable) -> FileFacts {
        var walker = Walker(lines: lines)
        walker.visit(tree.statements, clauses: [])
        return FileFacts(lines: lines.lineCount, imports: walker.imports, declarations: walker.declarations, references: [], values: walker.values)
    }

    /// The distinct identifiers of the file go into `identifiers`, compared as raw bytes so
    /// that only distinct ones become Strings (`IdentifierTable`, hashed cheaply over their
    /// bytes); the raw tree is walked directly, as making a `TokenSyntax` per token costs more
    /// than the lookup. With `relevance`, the walk also marks what the injection walk enters;
    /// returns whether `raw` is marked.
    static func collect(
        _ raw: RawSyntax, parent: SyntaxKind?, into identifiers: inout IdentifierTable, marking relevance: inout InjectionScanner.Relevance?
    ) -> Bool {
        // Layout first, and its kind only for the marking: each of these is a call into
        // swift-syntax, made for every node of the file.
        guard let layout = raw.layoutView else {
            // Identifiers and operators: what a file can name of another module.
            // The kind first: most tokens are keywords and punctuation, whose text is not needed.
            if let token = raw.tokenView {
                switch token.rawKind {
                case .identifier, .binaryOperator, .prefixOperator, .postfixOperator:
                    let text = token.rawText
                    if !text.isEmpty { identifiers.insert(text) }
                default: break
                }
            }
            return false
        }
        let kind = relevance == nil ? nil : raw.kind
        var below = false
        for child in layout.children {
            if let child, collect(child, parent: kind, into: &identifiers, marking: &relevance) { below = true }
        }
        return relevance?.mark(raw, parent: parent, below: below) ?? false
    }
}

/// The distinct texts of a file's identifier and operator tokens, each with how often it occurs
/// and where it first does: an open-addressed table of texts in the file's own buffer, hashed
/// over their bytes a word at a time (identifiers are short).
struct IdentifierTable {
    /// Index into `texts` per slot, -1 for an empty one.
    private var slots: [Int32] = Array(repeating: -1, count: 256)
    private var hashes: [UInt64] = Array(repeating: 0, count: 256)
    private(set) var texts: [SyntaxText] = []
    private(set) var counts: [UInt32] = []
    private(set) var offsets: [UInt32] = []
    private var ascii = true
    /// The file's first byte, for the offset of a text's first occurrence.
    var base: UnsafePointer<UInt8>?

    mutating func insert(_ text: SyntaxText) {
        guard let start = text.baseAddress else { return }
        // Eight bytes at a time, the rest gathered into one word: most identifiers take two.
        let count = text.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var bits: UInt64 = 0
        var offset = 0
        while offset + 8 <= count {
            let word = UnsafeRawPointer(start).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            bits |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        if offset < count {
            var word: UInt64 = 0
            for index in offset..<count { word |= UInt64(start[index]) << UInt64(8 * (index - offset)) }
            bits |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        }
        hash ^= hash >> 32
        let high: UInt8 = bits & 0x8080_8080_8080_8080 == 0 ? 0 : 0x80
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if hashes[slot] == hash, texts[index] == text {
                counts[index] &+= 1
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(texts.count)
        hashes[slot] = hash
        texts.append(text)
        counts.append(1)
        offsets.append(base.map { UInt32(truncatingIfNeeded: start - $0) } ?? 0)
        if high >= 0x80 { ascii = false }
        if texts.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        let old = zip(slots, hashes)
        slots = Array(repeating: -1, count: slots.count * 2)
        hashes = Array(repeating: 0, count: slots.count)
        let mask = slots.count - 1
        for (index, hash) in old where index >= 0 {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = index
            hashes[slot] = hash
        }
    }

    /// The texts without backticks, distinct and sorted as Strings sort, each with its count
    /// (`x` and `` `x` `` summed) and the offset of its first occurrence. ASCII sorts by its
    /// bytes; any other text goes through `String` (its order and `plainName` are Unicode's).
    func sortedNames() -> (names: [String], counts: [UInt32], offsets: [UInt32]) {
        var order = Array(texts.indices)
        var plain = texts
        if ascii {
            for index in plain.indices {
                let text = plain[index]
                if text.count >= 2, let start = text.baseAddress, start[0] == UInt8(ascii: "`"), start[text.count - 1] == UInt8(ascii: "`") {
                    plain[index] = SyntaxText(baseAddress: start + 1, count: text.count - 2)
                }
            }
            // By the first eight bytes as one number (most names differ there), then the rest.
            let keys = plain.map(Self.prefixKey)
            keys.withUnsafeBufferPointer { keys in
                order.sort { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : Self.precedes(plain[$0], plain[$1]) }
            }
        }
        let strings: [String] = ascii ? [] : texts.map { DeclarationFact.plainName(String(syntaxText: $0)) }
        if !ascii { order.sort { strings[$0] < strings[$1] } }
        var names: [String] = [], counts: [UInt32] = [], offsets: [UInt32] = []
        names.reserveCapacity(order.count)
        var last: Int?
        for index in order {
            let same = last.map { ascii ? plain[$0] == plain[index] : strings[$0] == strings[index] } ?? false
            if same {
                counts[counts.count - 1] &+= self.counts[index]
                offsets[offsets.count - 1] = min(offsets[offsets.count - 1], self.offsets[index])
                continue
            }
            names.append(ascii ? String(syntaxText: plain[index]) : strings[index])
            counts.append(self.counts[index])
            offsets.append(self.offsets[index])
            last = index
        }
        return (names, counts, offsets)
    }

    /// The first eight bytes, big-endian, zeros after a shorter text: numbers in the texts'
    /// byte order (no identifier holds a NUL).
    static func prefixKey(_ text: SyntaxText) -> UInt64 {
        guard let start = text.baseAddress else { return 0 }
        var key: UInt64 = 0
        for index in 0..<8 { key = key << 8 | UInt64(index < text.count ? start[index] : 0) }
        return key
    }

    /// Byte order, a prefix first.
    static func precedes(_ left: SyntaxText, _ right: SyntaxText) -> Bool {
        let common = min(left.count, right.count)
        if common > 0, let a = left.baseAddress, let b = right.baseAddress {
            let order = memcmp(a, b, common)
            if order != 0 { return order < 0 }
        }
        return left.count < right.count
    }
}

private struct Walker {
    let lines: LineTable
    var imports: [ImportFact] = []
    var declarations: [DeclarationFact] = []
    var values: [ValueFact] = []

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
            let inner = record(.struct, node.name, node.modifiers, node.attributes, node.inheritanceClause, scope)
            if Self.isInterface(node.memberBlock, inheritance: node.inheritanceClause) { declarations[declarations.count - 1].traits.insert(.interface) }
            visit(node.memberBlock, clauses: clauses, scope: inner)
        case .classDecl(let node):
            let inner = record(.class, node.name, node.modifiers, node.attributes, node.inheritanceClause, scope)
            if Self.isInterface(node.memberBlock, inheritance: node.inheritanceClause) { declarations[declarations.count - 1].traits.insert(.interface) }
            visit(node.memberBlock, clauses: clauses, scope: inner)
        case .enumDecl(let node):
            if let fact = ValueReader.enumeration(node, owner: scope.path, line: line(of: node.name)) { values.append(fact) }
            let inner = record(.enum, node.name, node.modifiers, node.attributes, node.inheritanceClause, scope)
            visit(node.memberBlock, clauses: clauses, scope: inner)
        case .actorDecl(let node):
            let inner = record(.actor, node.name, node.modifiers, node.attributes, node.inheritanceClause, scope)
            visit(node.memberBlock, clauses: clauses, scope: inner)
        case .protocolDecl(let node):
            let inner = record(.protocol, node.name, node.modifiers, node.attributes, node.inheritanceClause, scope)
            visit(node.memberBlock, clauses: clauses, scope: inner)
        case .extensionDecl(let node):
            let explicit = Self.explicitAccess(node.modifiers)
            let name = Self.typeName(node.extendedType)
            var traits = Self.traits(node.modifiers, node.attributes)
            if node.memberBlock.members.contains(where: { $0.decl.is(InitializerDeclSyntax.self) || $0.decl.is(SubscriptDeclSyntax.self) }) {
                traits.insert(.unnamedMembers)
            }
            declarations.append(DeclarationFact(
                kind: .extension, name: name, access: explicit ?? .internal, line: line(of: node.extensionKeyword),
                parent: scope.parent, inherits: Self.inherited(node.inheritanceClause), traits: traits))
            visit(node.memberBlock, clauses: clauses, scope: Scope(
                container: .extension(explicit), parent: name, traits: traits.intersection(.objc), path: name))
        case .functionDecl(let node):
            _ = record(.func, node.name, node.modifiers, node.attributes, nil, scope)
            // The signatures of generic functions, which DI resolves through (a helper taking
            // `KeyPath<Container, Factory<T>>`, a container's `register<T>`): kept small, as
            // the facts cache holds every declaration.
            if node.genericParameterClause != nil { declarations[declarations.count - 1].type = Self.short(node.signature) }
        case .variableDecl(let node):
            let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
            let isStatic = Self.isStatic(node.modifiers)
            let isStaticLet = isLet && isStatic  // `class let` does not compile
            for binding in node.bindings {
                if let fact = ValueReader.property(binding, isLet: isLet, owner: scope.path, line: line(of: node.bindingSpecifier)) {
                    values.append(fact)
                }
                let value = isStaticLet ? binding.initializer.flatMap { Self.short($0.value) } : nil
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier {
                    _ = record(.var, identifier.text, line(of: identifier), node.modifiers, node.attributes, nil, scope, value: value)
                    // Stored properties' types, and computed ones only when a factory (`var x:
                    // Factory<T> { get }` in a protocol): what DI resolves through, kept small as
                    // the facts cache holds every declaration.
                    let stored = Self.isStored(binding)
                    if stored || Self.isFactoryType(binding.typeAnnotation?.type) {
                        declarations[declarations.count - 1].type = Self.propertyType(binding)
                    }
                    if !isStatic, scope.parent != nil, stored { declarations[declarations.count - 1].traits.insert(.stored) }
                } else {
                    _ = record(
                        .var, binding.pattern.trimmedText, line(of: node.bindingSpecifier), node.modifiers,
                        node.attributes, nil, scope)
                }
            }
        case .macroDecl(let node):
            _ = record(.macro, node.name, node.modifiers, node.attributes, nil, scope)
        case .typeAliasDecl(let node):
            _ = record(
                .typealias, node.name.text, line(of: node.name), node.modifiers, node.attributes, nil, scope,
                value: Self.short(node.initializer.value))
        default:
            break
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
            accessLevel: Self.explicitAccess(node.modifiers),
            declarationKind: node.importKindSpecifier?.text,
            symbol: rest.isEmpty ? nil : rest.joined(separator: "."),
            condition: clauses.isEmpty ? nil : clauses.map(\.text).joined(separator: " && ")))
    }

    /// Records a type declaration and returns the scope of its members.
    mutating func record(
        _ kind: DeclarationKind, _ name: TokenSyntax, _ modifiers: DeclModifierListSyntax,
        _ attributes: AttributeListSyntax, _ inheritance: InheritanceClauseSyntax?, _ scope: Scope
    ) -> Scope {
        let access = record(kind, name.text, line(of: name), modifiers, attributes, inheritance, scope)
        let own = declarations[declarations.count - 1].traits
        let container: Container = kind == .protocol ? .protocol(access) : .type(access)
        return Scope(container: container, parent: name.text, traits: own.intersection([.objc, .final]), path: scope.qualified(name.text))
    }

    /// Records a declaration and returns its effective access, which caps its members'.
    mutating func record(
        _ kind: DeclarationKind, _ name: String, _ line: Int, _ modifiers: DeclModifierListSyntax,
        _ attributes: AttributeListSyntax, _ inheritance: InheritanceClauseSyntax?, _ scope: Scope,
        value: String? = nil
    ) -> AccessLevel {
        let explicit = Self.explicitAccess(modifiers)
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
        let traits = Self.traits(modifiers, attributes).union(kind.isType ? [] : scope.traits)
        declarations.append(DeclarationFact(
            kind: kind, name: name, access: access, line: line, parent: scope.parent,
            inherits: Self.inherited(inheritance), traits: traits, value: value, path: scope.path == scope.parent ? nil : scope.path))
        return access
    }

    /// A property's type for the symbol index: as declared, else what its initializer makes
    /// when that is plain (`X(...)`, `X.shared`, `[K: V]()`, a closure, a literal).
    static func propertyType(_ binding: PatternBindingSyntax) -> String? {
        if let type = binding.typeAnnotation?.type { return short(type) }
        guard let value = binding.initializer?.value else { return nil }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        var callee = value
        if let call = value.as(FunctionCallExprSyntax.self) { callee = call.calledExpression }
        if callee.is(DictionaryExprSyntax.self) || callee.is(ArrayExprSyntax.self) || callee.is(GenericSpecializationExprSyntax.self) {
            return short(callee)
        }
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
           ["shared", "init", "default", "live", "standard"].contains(member.declName.baseName.text) {
            callee = base
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
            return reference.baseName.text
        }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text.first?.isUppercase == true,
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true {
            return member.trimmedText
        }
        return nil
    }

    /// `Factory<T>`, `ParameterFactory<P, T>`.
    static func isFactoryType(_ type: TypeSyntax?) -> Bool {
        guard let name = type?.as(IdentifierTypeSyntax.self)?.name.text else { return false }
        return InjectionNames.factoryTypes.contains(name)
    }

    /// `(A) -> B`, `@Sendable (A) async -> B`, `((A) -> B)?`.
    static func isFunction(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) { return isFunction(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return isFunction(optional.wrappedType) }
        if let forced = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return isFunction(forced.wrappedType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { return isFunction(only.type) }
        return false
    }

    /// `static` or `class`: a type member.
    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// A stored property: no accessors, or only observers.
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil: return true
        case .getter?: return false
        case .accessors(let list)?:
            return list.allSatisfy { $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet) }
        }
    }

    /// Whether a struct's or class's stored instance properties are all of function type, there
    /// is at least one, and it conforms to nothing but markers (`Sendable`, a dependency key): a
    /// dependency client, an interface spelled as a value, whatever conveniences its body adds.
    /// A type conforming to a protocol of behaviour (a SwiftUI adapter holding a closure, a
    /// subclass) implements that abstraction: concrete.
    static func isInterface(_ members: MemberBlockSyntax, inheritance: InheritanceClauseSyntax?) -> Bool {
        if let inheritance, !inheritance.inheritedTypes.allSatisfy({ markerConformances.contains(typeName($0.type)) }) { return false }
        var found = false
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !isStatic(variable.modifiers) else { continue }
            for binding in variable.bindings where isStored(binding) {
                if let type = binding.typeAnnotation?.type {
                    guard isFunction(type) else { return false }
                } else {
                    guard binding.initializer?.value.is(ClosureExprSyntax.self) == true else { return false }
                }
                found = true
            }
        }
        return found
    }

    /// The inheritance clause's type names as written.
    static func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { typeName($0.type) } ?? []
    }

    /// A short expression or type as written; long ones are not worth keeping.
    static func short(_ node: some SyntaxProtocol) -> String? {
        let text = node.trimmedText
        return text.utf8.count <= 120 ? text : nil
    }

    /// Conformances that add no behaviour of their own to a dependency client.
    static let markerConformances: Set<String> = ["Sendable", "@unchecked Sendable", "DependencyKey", "TestDependencyKey"]

    static let objcAttributes: Set<String> = [
        "objc", "objcMembers", "IBAction", "IBOutlet", "IBInspectable", "IBSegueAction", "NSManaged", "GKInspectable",
    ]
    static let entryPointAttributes: Set<String> = ["main", "UIApplicationMain", "NSApplicationMain"]

    /// Traits from modifiers and attributes, compared by token kind where possible.
    static func traits(_ modifiers: DeclModifierListSyntax, _ attributes: AttributeListSyntax) -> DeclarationTraits {
        var traits: DeclarationTraits = []
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.override): traits.insert(.override)
            case .keyword(.static), .keyword(.class): traits.insert(.static)
            case .keyword(.final): traits.insert(.final)
            case .keyword(.dynamic): traits.insert(.objc)
            default: continue
            }
        }
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self),
                  let name = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text else { continue }
            if objcAttributes.contains(name) { traits.insert(.objc) }
            if entryPointAttributes.contains(name) { traits.insert(.entryPoint) }
        }
        return traits
    }

    /// A type's name as written, without building it from tokens in the common cases.
    static func typeName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
            return typeName(member.baseType) + "." + member.name.text
        }
        return type.trimmedText
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

extension SyntaxProtocol {
    /// `trimmedDescription` without the trimmed copy of the tree swift-syntax builds for it: the
    /// node's text less its first token's leading and last token's trailing trivia. A node with
    /// a missing token (where the copy would trim another token) or with text beyond ASCII
    /// (repaired token by token there) still goes through `trimmedDescription`.
    package var trimmedText: String {
        guard !hasError else { return trimmedDescription }
        let bytes = syntaxTextBytes
        let start = positionAfterSkippingLeadingTrivia.utf8Offset - position.utf8Offset
        let end = endPositionBeforeTrailingTrivia.utf8Offset - position.utf8Offset
        guard start <= end, end <= bytes.count else { return trimmedDescription }
        let text = bytes[start..<end]
        guard text.allSatisfy({ $0 < 0x80 }) else { return trimmedDescription }
        return String(decoding: text, as: UTF8.self)
    }
}
