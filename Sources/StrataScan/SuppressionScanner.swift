import StrataModel
import StrataSourceTree
import SwiftSyntax

/// Finds `// strata:ignore <rule>[,<rule>...] <reason>` comments (line or block comments).
///
/// swift-syntax puts a comment on its own line in the leading trivia of the next token, and a
/// comment at the end of a line in the trailing trivia of the token before it, so the token
/// that owns the comment gives the line of code it covers. Only files that spell the marker
/// are walked.
enum SuppressionScanner {
    static let marker = Array("strata:ignore".utf8)

    static func scan(_ tree: SourceFileSyntax, lines: LineTable) -> [Suppression] {
        var found: [Suppression] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let codeLine = lines.line(at: token.positionAfterSkippingLeadingTrivia.utf8Offset)
            var offset = token.position.utf8Offset
            for piece in token.leadingTrivia {
                if let suppression = parse(piece, line: codeLine, commentLine: lines.line(at: offset)) { found.append(suppression) }
                offset += piece.sourceLength.utf8Length
            }
            offset = token.endPositionBeforeTrailingTrivia.utf8Offset
            for piece in token.trailingTrivia {
                if let suppression = parse(piece, line: codeLine, commentLine: lines.line(at: offset)) { found.append(suppression) }
                offset += piece.sourceLength.utf8Length
            }
        }
        return found
    }

    static func parse(_ piece: TriviaPiece, line: Int, commentLine: Int) -> Suppression? {
        let text: String
        switch piece {
        case .lineComment(let comment), .docLineComment(let comment): text = String(comment.drop { $0 == "/" })
        case .blockComment(let comment), .docBlockComment(let comment): text = String(comment.dropFirst(2).dropLast(2))
        default: return nil
        }
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.first == "strata:ignore" else { return nil }
        let rules = words.dropFirst().first.map { $0.split(separator: ",").map(String.init) } ?? []
        return Suppression(line: line, commentLine: commentLine, rules: rules, reason: words.dropFirst(2).joined(separator: " "))
    }
}
