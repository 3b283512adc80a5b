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
    package static func mayInject(_ buffer: UnsafeBufferPointer<UInt8>, names: InjectionNames) -> Bool {
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
}
