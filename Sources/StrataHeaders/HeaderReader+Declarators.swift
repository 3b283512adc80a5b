/// Declarators: a statement split into its parts, and the name each part declares.
extension HeaderReader {
    /// The tokens split at `,` outside brackets.
    func parts(_ tokens: [HeaderToken]) -> [[HeaderToken]] {
        split(tokens, at: ",")
    }

    /// The tokens split at `;` outside brackets.
    func statements(_ tokens: [HeaderToken]) -> [[HeaderToken]] {
        split(tokens, at: ";")
    }

    func split(_ tokens: [HeaderToken], at separator: String) -> [[HeaderToken]] {
        var result: [[HeaderToken]] = []
        var current: [HeaderToken] = []
        var at = 0
        while at < tokens.count {
            let token = tokens[at]
            if token.is("(") || token.is("[") || token.is("{") {
                let close = closing(at, in: tokens)
                current += tokens[at...close]
                at = close + 1
                continue
            }
            if token.is(separator) {
                if !current.isEmpty { result.append(current) }
                current = []
            } else {
                current.append(token)
            }
            at += 1
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// The name one declarator declares, and whether it is a function's: `f` of `int f(int)`,
    /// `fp` of `void (*fp)(int)`, `x` of `int x[4] = {…}`, a trailing unknown capitalized macro
    /// passed over (`NSString *const Key MYLIB_EXTERN_ATTR`).
    /// - Parameters:
    ///   - needsType: the declarator comes with its type (the first of a statement): a lone
    ///     name is no declaration.
    ///   - bitfield: a field, where `:` starts a width.
    func declarator(_ input: [HeaderToken], needsType: Bool = true, bitfield: Bool = false) -> (name: HeaderToken, function: Bool)? {
        let part = withoutTrailingAnnotations(input)
        var at = 0
        var lastName: HeaderToken?
        var before = 0
        while at < part.count {
            let token = part[at]
            if token.is("(") {
                let close = closing(at, in: part)
                let inside = part[(at + 1)..<max(at + 1, close)]
                if let pointer = inside.first, pointer.is("*") || pointer.is("^") {
                    // `(*name)(…)`, `(^name)(…)`, `(*name(int))(…)`.
                    let names = inside.drop { !($0.kind == .identifier && !HeaderVocabulary.keywords.contains($0.text)) }
                    guard let name = names.first else { return nil }
                    let function = names.dropFirst().first?.is("(") == true
                    return (name, function)
                }
                if let previous = lastName, at > 0, part[at - 1] == previous {
                    return (previous, true)
                }
                at = close + 1
                continue
            }
            if token.is("[") || token.is("{") {
                at = closing(at, in: part) + 1
                continue
            }
            if token.is("=") || bitfield && token.is(":") { break }
            if token.kind == .identifier, !HeaderVocabulary.keywords.contains(token.text) {
                if lastName != nil { before += 1 }
                lastName = token
            } else if token.kind == .identifier, HeaderVocabulary.builtinTypes.contains(token.text) {
                before += 1
            } else if token.isWord("struct") || token.isWord("union") || token.isWord("enum") {
                // The tag is the type, not a name.
                before += 1
                if at + 1 < part.count, part[at + 1].kind == .identifier { at += 1 }
            } else if token.is("*") || token.is("^") || token.is("&") {
                before += 1
            }
            at += 1
        }
        guard let name = lastName, !needsType || before > 0 else { return nil }
        return (name, false)
    }

    /// A declarator without the capitalized words and calls after its name: annotations, when
    /// a type and a name come before them (`int f(void) MY_ATTR(x)`, not `MyType MY_CONSTANT`).
    func withoutTrailingAnnotations(_ input: [HeaderToken]) -> [HeaderToken] {
        var part = input
        // A few at most: real declarations have one or two, and each costs a look at the part.
        var passed = 0
        while part.count > 2, passed < 8 {
            passed += 1
            if part.last?.is(")") == true, let open = openingParenthesis(of: part.count - 1, in: part), open > 1, part[open - 1].isCapitalized,
                part[open - 2].kind == .identifier && !HeaderVocabulary.keywords.contains(part[open - 2].text) && Self.hasTypeAndName(part[..<(open - 1)])
                    || part[open - 2].is(")") || part[open - 2].is("]")
            {
                part.removeSubrange((open - 1)...)
                continue
            }
            guard let last = part.last, last.isCapitalized, !HeaderVocabulary.keywords.contains(last.text),
                part[part.count - 2].is(")") || part[part.count - 2].is("]")
                    || part[part.count - 2].kind == .identifier && !HeaderVocabulary.keywords.contains(part[part.count - 2].text) && Self.hasTypeAndName(part.dropLast())
            else { break }
            part.removeLast()
        }
        return part
    }

    /// Whether the tokens hold a type and a name: a built-in type or a tag and one name, or two names.
    static func hasTypeAndName(_ before: ArraySlice<HeaderToken>) -> Bool {
        var builtin = false, names = 0
        var at = before.startIndex
        while at < before.endIndex {
            let token = before[at]
            if token.isWord("struct") || token.isWord("union") || token.isWord("enum") {
                builtin = true
                if at + 1 < before.endIndex, before[at + 1].kind == .identifier { at += 1 }
            } else if HeaderVocabulary.builtinTypes.contains(token.text) {
                builtin = true
            } else if token.kind == .identifier, !HeaderVocabulary.keywords.contains(token.text) {
                names += 1
            }
            at += 1
        }
        return names >= (builtin ? 1 : 2)
    }

    /// The `(` matching the `)` at `close`.
    func openingParenthesis(of close: Int, in tokens: [HeaderToken]) -> Int? {
        var depth = 0
        var at = close
        while at >= 0 {
            if tokens[at].is(")") { depth += 1 }
            if tokens[at].is("(") {
                depth -= 1
                if depth == 0 { return at }
            }
            at -= 1
        }
        return nil
    }
}
