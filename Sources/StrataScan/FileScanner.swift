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
        var walker = DeclarationWalker(lines: lines, base: base)
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
