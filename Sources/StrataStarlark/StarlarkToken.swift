/// One token of Starlark source, with the line it starts on.
package struct StarlarkToken: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A name, `None`, `True` and `False` included: Starlark predeclares them.
        case identifier(String)
        /// `def`, `if`, `for`, `lambda`, `and`, ...
        case keyword(String)
        /// Any string literal, its escapes decoded (raw and byte strings alike).
        case string(String)
        case int(Int)
        case float(Double)
        /// Operators and punctuation: `(`, `**`, `//=`, `->`, ...
        case punct(String)
        /// The end of a logical line.
        case newline
        case indent
        case dedent
        case end
    }

    package var kind: Kind
    package var line: Int

    package init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }

    /// Whether the token is the punctuation `text`.
    package func isPunct(_ text: String) -> Bool { kind == .punct(text) }

    /// Whether the token is the keyword `word`.
    package func isKeyword(_ word: String) -> Bool { kind == .keyword(word) }

    /// How a message names the token.
    package var description: String {
        switch kind {
        case .identifier(let name): "`\(name)`"
        case .keyword(let word): "`\(word)`"
        case .string: "a string"
        case .int(let value): "`\(value)`"
        case .float(let value): "`\(value)`"
        case .punct(let text): "`\(text)`"
        case .newline: "the end of the line"
        case .indent: "an indented block"
        case .dedent: "the end of a block"
        case .end: "the end of the file"
        }
    }
}
