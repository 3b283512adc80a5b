import StrataModel
import StrataSourceTree
import SwiftParser
import SwiftSyntax

/// A Swift file, a source or a manifest, parsed by swift-syntax in time linear in its size,
/// whatever its bytes: what would cost the parser more (`ParseLimits`) is taken out first and
/// reported, each problem once, with its line. Run on a thread with a large stack
/// (`LargeStack`, `TimeBudget`): parsing recurses as deep as the file nests.
///
/// One lexing pass (`SourceLexer`) finds what a bound changes; for a file it changes nothing,
/// the common case, that pass is all the bounds cost. Otherwise the bounds apply in turn, each
/// to what the last left: attributes respaced, `[` runs removed, lines of garbage emptied,
/// then the end after too many brackets never closed cut. Lines hold throughout; only the cut
/// moves the end.
public struct BoundedParse {
    public let tree: SourceFileSyntax
    /// The bytes parsed: offsets in `tree` are offsets in these.
    public let source: [UInt8]
    /// Lines of `source`.
    public let lines: LineTable
    /// Lines of the file as given (more than `lines` has when its end was cut).
    public let lineCount: Int
    /// What kept the parser from reading the file as written, in the order the bounds apply.
    public let problems: [FileProblem]

    public init(_ bytes: [UInt8]) {
        var source = bytes
        var findings = SourceLexer.measure(source)
        var problems: [FileProblem] = []
        if !findings.respacings.isEmpty {
            source = AttributeSpacing.respaced(source, findings.respacings)
            findings = SourceLexer.measure(source)
        }
        var unclosed: FileProblem?
        if let line = findings.runLine {
            source = Self.removing(findings.runs, from: source)
            problems.append(FileProblem(line: line, Self.bracketRunMessage))
            findings = SourceLexer.measure(source, runs: false)
        }
        var longLine: Int?
        if let line = findings.longLine {
            source = Self.emptying(findings.longLines, of: source)
            longLine = line
            problems.append(FileProblem(line: line, Self.longLineMessage))
            findings = SourceLexer.measure(source, runs: false)
        }
        if let cut = findings.cut {
            source = Array(source[..<cut.offset])
            unclosed = FileProblem(line: cut.line, Self.unclosedMessage)
        }
        let lines = LineTable(source)
        if let line = Self.firstInvalidUTF8(source).map(lines.line(at:)) {
            problems.insert(FileProblem(line: line, Self.invalidUTF8Message), at: 0)
        }
        if let unclosed { problems.insert(unclosed, at: 0) }
        let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: ParseLimits.swiftNesting) }
        if tree.hasMaximumNestingLevelOverflow || tree.hasError {
            let line = lines.line(at: Self.firstError(in: Syntax(tree)).positionAfterSkippingLeadingTrivia.utf8Offset)
            if tree.hasMaximumNestingLevelOverflow {
                problems.append(FileProblem(line: line, Self.nestingMessage))
            } else if line != longLine {
                // A line the bounds emptied is reported once, as that.
                problems.append(FileProblem(line: line, Self.syntaxErrorMessage))
            }
        }
        self.tree = tree
        self.source = source
        self.lines = lines
        lineCount = unclosed == nil ? lines.lineCount : LineTable(bytes).lineCount
        self.problems = problems
    }

    public static let unclosedMessage = "more than \(ParseLimits.unclosedBrackets) brackets never closed; the rest of the file was skipped"
    public static let invalidUTF8Message = "not valid UTF-8; read as far as the parser could"
    public static let bracketRunMessage = "nesting too deep: more than \(ParseLimits.consecutiveBrackets) `[` in a row; their contents were skipped"
    public static let longLineMessage = "a line too long for the parser to recover from its syntax errors in bounded time; its contents were skipped"
    public static let nestingMessage = "nesting too deep: more than \(ParseLimits.swiftNesting) levels; the rest of the file was skipped"
    public static let syntaxErrorMessage = "syntax error; what follows may be missing from the analysis"

    /// The first token that is missing or unexpected, where a syntax error is reported
    /// (the node itself when none is found); a loop, not a recursion, down the tree.
    public static func firstError(in node: Syntax) -> Syntax {
        var node = node
        descending: while node.hasError, !node.is(UnexpectedNodesSyntax.self) {
            if let token = node.as(TokenSyntax.self) { return Syntax(token) }
            for child in node.children(viewMode: .all) where child.hasError {
                node = child
                continue descending
            }
            break
        }
        return node
    }

    /// The bytes without the given ranges but for their newlines, so lines hold (and
    /// lookahead has no long gap to lex again and again).
    static func removing(_ ranges: [Range<Int>], from bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for range in ranges {
            result += bytes[copied..<range.lowerBound]
            for byte in bytes[range] where byte == UInt8(ascii: "\n") { result.append(byte) }
            copied = range.upperBound
        }
        result += bytes[copied...]
        return result
    }

    /// The bytes with each line in `ranges` emptied but for its brackets and newlines
    /// (strings and comments that start on it removed whole), so the lines after it parse as
    /// before. Removed, not blanked, as the cut explains: offsets change, lines do not.
    static func emptying(_ ranges: [Range<Int>], of bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for range in ranges {
            result += bytes[copied..<range.lowerBound]
            var at = range.lowerBound
            while at < range.upperBound {
                switch bytes[at] {
                case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                    UInt8(ascii: "\n"):
                    result.append(bytes[at])
                    at += 1
                case UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "/"):
                    let end = SourceLexer.endOfStringOrComment(bytes, at: at) ?? at
                    for byte in bytes[at...end] where byte == UInt8(ascii: "\n") { result.append(byte) }
                    at = end + 1
                default:
                    at += 1
                }
            }
            copied = range.upperBound
        }
        result += bytes[copied...]
        return result
    }

    /// The offset of the first byte that is not valid UTF-8; nil when all are. ASCII is checked
    /// eight bytes at a time: only a file with other bytes pays for decoding.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            var index = 0
            while index + 8 <= raw.count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            while index < raw.count, raw[index] < 0x80 { index += 1 }
            guard index < raw.count, String(validating: UnsafeBufferPointer(rebasing: buffer[index...]), as: UTF8.self) == nil else { return nil }
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = buffer[index...].makeIterator()
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar): index += scalar.count
                case .error: return index
                case .emptyInput: return nil
                }
            }
        }
    }
}
