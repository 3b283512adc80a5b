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
        // Tokens point into the parser's copy of the source: its start, for their offsets.
        var base: UnsafePointer<UInt8>?
        if let first = parsed.tree.firstToken(viewMode: .sourceAccurate), let text = first.raw.tokenView?.rawText.baseAddress {
            base = text - first.positionAfterSkippingLeadingTrivia.utf8Offset
        }
        var facts = declarations(of: parsed.tree, lines: parsed.lines, base: base)
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
            identifiers.base = base
            if var marking = relevance {
                _ = collect(parsed.tree.raw, parent: nil, into: &identifiers, marking: &marking)
                relevance = marking
            } else {
                collect(parsed.tree.raw, into: &identifiers)
            }
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
    static func declarations(of tree: SourceFileSyntax, lines: LineTable, base: UnsafePointer<UInt8>?) -> FileFacts {
        var walker = Walker(lines: lines, base: base)
        walker.visit(tree.statements, clauses: [])
        return FileFacts(lines: lines.lineCount, imports: walker.imports, declarations: walker.declarations, references: [], values: walker.values)
    }

    /// The distinct identifiers of the file go into `identifiers`, compared as raw bytes so
    /// that only distinct ones become Strings (`IdentifierTable`, hashed cheaply over their
    /// bytes); the raw tree is walked directly, as making a `TokenSyntax` per token costs more
    /// than the lookup.
    static func collect(_ raw: RawSyntax, into identifiers: inout IdentifierTable) {
        guard let layout = raw.layoutView else {
            take(raw, into: &identifiers)
            return
        }
        for case let child? in layout.children { collect(child, into: &identifiers) }
    }

    /// `collect(_:into:)` that also marks what the injection walk enters (`relevance`); returns
    /// whether `raw` is marked.
    static func collect(
        _ raw: RawSyntax, parent: SyntaxKind?, into identifiers: inout IdentifierTable, marking relevance: inout InjectionScanner.Relevance
    ) -> Bool {
        // Layout first, then its kind once: each of these is a call into swift-syntax, made
        // for every node of the file.
        guard let layout = raw.layoutView else {
            take(raw, into: &identifiers)
            return false
        }
        let kind = raw.kind
        var below = false
        for child in layout.children {
            if let child, collect(child, parent: kind, into: &identifiers, marking: &relevance) { below = true }
        }
        return relevance.mark(raw, kind: kind, parent: parent, below: below)
    }

    /// A token's text when it is an identifier or operator: what a file can name of another
    /// module. The kind first: most tokens are keywords and punctuation, whose text is not needed.
    @inline(__always)
    static func take(_ raw: RawSyntax, into identifiers: inout IdentifierTable) {
        guard let token = raw.tokenView else { return }
        switch token.rawKind {
        case .identifier, .binaryOperator, .prefixOperator, .postfixOperator:
            let text = token.rawText
            if !text.isEmpty { identifiers.insert(text) }
        default: break
        }
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

/// The declaration walk. It steps through the top level, `#if` blocks and type and extension
/// bodies with swift-syntax's node API, and reads each declaration's parts (modifiers,
/// attributes, names, types, inheritance) from its raw node: the node API makes a node (and
/// the layout of all its siblings) for each part it is asked for, which cost more than the
/// rest of the walk together.
private struct Walker {
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
                container: .extension(modifiers.access), parent: name, traits: traits.intersection(.objc), path: name))
        case .functionDecl(let node):
            let raw = node.raw.cast(RawFunctionDeclSyntax.self)
            _ = record(.func, raw.name, node.name, raw.modifiers, raw.attributes, nil, scope)
            // The signatures of generic functions, which DI resolves through (a helper taking
            // `KeyPath<Container, Factory<T>>`, a container's `register<T>`): kept small, as
            // the facts cache holds every declaration.
            if raw.genericParameterClause != nil { declarations[declarations.count - 1].type = Self.short(raw.signature.raw) }
        case .variableDecl(let node):
            record(node, scope: scope)
        case .macroDecl(let node):
            let raw = node.raw.cast(RawMacroDeclSyntax.self)
            _ = record(.macro, raw.name, node.name, raw.modifiers, raw.attributes, nil, scope)
        case .typeAliasDecl(let node):
            let raw = node.raw.cast(RawTypeAliasDeclSyntax.self)
            let modifiers = Self.modifiers(raw.modifiers)
            _ = record(
                .typealias, String(syntaxText: raw.name.tokenText), line(of: raw.name, node.name), modifiers,
                Self.traits(raw.attributes), nil, scope, value: Self.short(raw.initializer.value.raw))
        default:
            break
        }
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
        return Scope(container: container, parent: text, traits: own.intersection([.objc, .final]), path: scope.qualified(text))
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

extension RawSyntax {
    /// `trimmedDescription`, from the raw tree.
    var trimmedText: String { trimmedText(within: .max) ?? "" }

    /// The node's text as `trimmedDescription` gives it: its present tokens with their trivia,
    /// less the leading trivia of its first token and the trailing trivia of its last (either
    /// may be a missing token, as swift-syntax trims them). Nil past `limit` bytes.
    ///
    /// Present tokens lie one after the other in the parsed source and missing ones have no
    /// bytes, so that text is one run of the source, from the first present token to the
    /// last: found by descending to the ends, not by visiting every token.
    func trimmedText(within limit: Int) -> String? {
        guard let first = end(first: true, present: false), let last = end(first: false, present: false),
              let firstPresent = first.presence == .present ? first : end(first: true, present: true),
              let lastPresent = last.presence == .present ? last : end(first: false, present: true)
        else { return "" }
        guard let from = firstPresent.rawText.baseAddress, let to = lastPresent.rawText.baseAddress else {
            // A present token without text (no address to start from): through the node API.
            return byTokens(within: limit)
        }
        let start = first.presence == .present ? from : from - firstPresent.leadingTriviaByteLength
        let end = to + lastPresent.rawText.count + (last.presence == .present ? 0 : lastPresent.trailingTriviaByteLength)
        guard end - start <= limit else { return nil }
        guard start <= end else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
    }

    /// The first or last token of the node, or the first or last present one; nil when it
    /// has none.
    private func end(first: Bool, present: Bool) -> RawSyntaxTokenView? {
        if let token = tokenView { return !present || token.presence == .present ? token : nil }
        let children = layoutView!.children
        for step in 0..<children.count {
            if let child = children[first ? step : children.count - 1 - step], let token = child.end(first: first, present: present) {
                return token
            }
        }
        return nil
    }

    /// `trimmedText(within:)` token by token.
    private func byTokens(within limit: Int) -> String? {
        var bytes: [UInt8] = []
        var started = false
        // The last present token, whose trailing trivia is kept only if a token follows it.
        var previous: RawSyntaxTokenView?
        func append(_ text: SyntaxText) {
            guard !text.isEmpty, let start = text.baseAddress else { return }
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: text.count))
        }
        func gather(_ raw: RawSyntax) {
            guard let token = raw.tokenView else {
                for case let child? in raw.layoutView!.children { gather(child) }
                return
            }
            previous?.trailingTrivia { append($0) }
            previous = nil
            defer { started = true }
            guard token.presence == .present else { return }
            if started { token.leadingTrivia { append($0) } }
            append(token.rawText)
            previous = token
        }
        gather(self)
        return bytes.count <= limit ? String(decoding: bytes, as: UTF8.self) : nil
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
