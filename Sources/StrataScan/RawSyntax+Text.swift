import StrataModel
@_spi(RawSyntax) import SwiftSyntax

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

extension RawSyntax {
    /// The names a declaration's written type or initializer mentions, for the symbol index
    /// (`DeclarationFact.mentions`): its identifiers (only those starting with an uppercase
    /// letter, the types, when `typesOnly`), each once, added to `names`; past `limit` names,
    /// `DeclarationFact.mentionsAnything` ends the list instead.
    func mentions(into names: inout [String], typesOnly: Bool, limit: Int = DeclarationFact.mentionsKept) {
        guard names.last != DeclarationFact.mentionsAnything else { return }
        if let token = tokenView {
            guard token.rawKind == .identifier, let first = token.rawText.first,
                  !typesOnly || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return }
            let name = String(syntaxText: token.rawText)
            guard !names.contains(name) else { return }
            names.append(names.count < limit ? name : DeclarationFact.mentionsAnything)
            return
        }
        for case let child? in layoutView!.children { child.mentions(into: &names, typesOnly: typesOnly, limit: limit) }
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
