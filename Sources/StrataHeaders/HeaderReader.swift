/// Reads the names Swift sees in a module's headers, from their tokens (`HeaderFile`): a
/// lexer's reading of declarations, not a compiler's. Top-level C declarations (functions,
/// variables, typedefs, structs, unions, enums), Objective-C interfaces, categories and
/// protocols with their methods and properties, and object-like macros that are constants;
/// `NS_SWIFT_NAME` and `swift_name` renames, `NS_REFINED_FOR_SWIFT` and `swift_private`
/// (`__` prefix), what Swift hides (`NS_UNAVAILABLE`). What it cannot read as C or Objective-C
/// (C++, a macro at the top level that may expand to declarations, a declaration it cannot
/// parse) is an uncertainty: the names may be more than those read.
public struct HeaderReader {
    /// What a module's headers declare, and what kept them from being read with certainty.
    public struct Reading: Sendable {
        /// Sorted, each once.
        public var declarations: [HeaderDeclaration]
        /// By the index of the file in the order given.
        public var uncertainties: [(file: Int, uncertainty: HeaderUncertainty)]
    }

    /// The declarations of `files`, read in order with the macros all of them define.
    public static func read(_ files: [HeaderFile]) -> Reading {
        var reader = HeaderReader(macros: HeaderMacros(files.flatMap(\.macros)))
        for (position, file) in files.enumerated() {
            reader.file = position
            reader.tokens = file.tokens
            reader.index = 0
            reader.topLevel()
            for uncertainty in file.uncertainties { reader.uncertainties.append((position, uncertainty)) }
        }
        return reader.finish(files)
    }

    let macros: HeaderMacros
    var tokens: [HeaderToken] = []
    var index = 0
    var file = 0
    var declarations: [HeaderDeclaration] = []
    var uncertainties: [(file: Int, uncertainty: HeaderUncertainty)] = []
    /// Global variables with the type they are declared with: `NS_TYPED_ENUM` members once
    /// every typedef is known.
    var typedVariables: [(name: String, type: String, line: Int)] = []
    var typedEnums: Set<String> = HeaderVocabulary.sdkTypedEnums
    var classes: Set<String> = []
    var protocols: [(name: String, line: Int)] = []

    init(macros: HeaderMacros) { self.macros = macros }

    // MARK: - Declarations

    mutating func declare(_ name: String, _ kind: HeaderDeclaration.Kind, owner: String? = nil, line: Int) {
        guard !name.isEmpty, !HeaderVocabulary.keywords.contains(name) else { return }
        declarations.append(HeaderDeclaration(name, kind, owner: owner, line: line))
    }

    /// A declaration under the name Swift gives it: its `NS_SWIFT_NAME` (a member when that
    /// names a type: `Thing.Kind`), `__` before a refined one, nothing for one Swift never sees.
    mutating func declare(_ name: HeaderToken, _ kind: HeaderDeclaration.Kind, notes: Notes, owner: String? = nil) {
        guard !notes.unavailable else { return }
        if let renamed = notes.swiftName.flatMap(SwiftNames.parse(swiftName:)) {
            if let renamedOwner = renamed.owner {
                declare(renamed.base, .member, owner: renamedOwner, line: name.line)
            } else {
                declare(renamed.base, kind == .member ? .member : kind, owner: owner, line: name.line)
            }
            return
        }
        declare(notes.refined ? "__" + name.text : name.text, kind, owner: owner, line: name.line)
    }

    mutating func uncertain(_ line: Int, _ reason: String) {
        uncertainties.append((file, HeaderUncertainty(line: line, reason: reason)))
    }

    func finish(_ files: [HeaderFile]) -> Reading {
        var declarations = self.declarations
        for macro in macros.constants.values.sorted(by: { $0.name < $1.name }) {
            declarations.append(HeaderDeclaration(macro.name, .variable, line: macro.line))
        }
        // `NS_TYPED_ENUM` constants are members of their typedef, without its name's prefix.
        for variable in typedVariables where typedEnums.contains(variable.type) {
            let prefix = SwiftNames.commonWordPrefix(variable.name, variable.type).prefix
            let stripped = SwiftNames.lowercasedFirstWord(String(variable.name.dropFirst(prefix)))
            if !stripped.isEmpty { declarations.append(HeaderDeclaration(stripped, .member, owner: variable.type, line: variable.line)) }
            // `…Notification` constants lose the word in `NSNotification.Name`.
            if variable.type == "NSNotificationName", variable.name.hasSuffix("Notification") {
                let base = String(variable.name.dropLast("Notification".count))
                declarations.append(HeaderDeclaration(base, .member, owner: variable.type, line: variable.line))
                declarations.append(HeaderDeclaration(SwiftNames.lowercasedFirstWord(base), .member, owner: variable.type, line: variable.line))
            }
        }
        // A protocol named as a class is `…Protocol` in Swift.
        for (name, line) in protocols where classes.contains(name) {
            declarations.append(HeaderDeclaration(name + "Protocol", .type, line: line))
        }
        // A class of these headers is named already: what it gains unnamed is its own.
        let types = Set(declarations.lazy.filter { $0.kind == .type }.map(\.name))
        declarations.removeAll { $0.kind == .extension && types.contains($0.name) }
        var seen: Set<HeaderDeclaration> = []
        let unique = declarations.sorted().filter { seen.insert($0).inserted }
        return Reading(declarations: unique, uncertainties: uncertainties)
    }

    // MARK: - Tokens

    /// The index of the bracket closing the one at `open` in `tokens` (`closing(_:)` of the array).
    func closing(_ open: Int, in tokens: [HeaderToken]) -> Int { tokens.closing(open) }

    func closing(_ open: Int) -> Int { closing(open, in: tokens) }

    func token(_ at: Int) -> HeaderToken? { at < tokens.count ? tokens[at] : nil }

    /// Past `<…>` at `index` (generic parameters, protocol lists).
    mutating func skipAngles() {
        if token(index)?.is("<") == true { index = closing(index) + 1 }
    }

    /// Past the next `;` at this depth (or the end).
    mutating func skipStatement() {
        while let token = token(index) {
            index += 1
            if token.is(";") { return }
            if token.is("{") || token.is("(") || token.is("[") { index = closing(index - 1) + 1 }
        }
    }

    // MARK: - The top level

    /// A top-level statement gathered token by token up to its `;`.
    struct PendingStatement {
        var tokens: [HeaderToken] = []
        /// A `{…}` is in `tokens` already: no function's signature (checked once a statement).
        var braced = false
    }

    /// The file's statements read one by one, and its Objective-C declarations.
    mutating func topLevel() {
        var pending = PendingStatement()
        while let token = token(index) {
            if token.kind == .atKeyword {
                objectiveC(token, pending: &pending)
            } else if token.is(";") || token.is("}") {
                // A `}` ends an `extern "C" {` block (or is a stray brace).
                index += 1
                flush(&pending)
            } else if token.is("{") {
                brace(token, pending: &pending)
            } else {
                gather(token, into: &pending)
            }
        }
        flush(&pending)
    }

    /// The statement gathered read, and a new one begun.
    mutating func flush(_ pending: inout PendingStatement) {
        statement(pending.tokens)
        pending = PendingStatement()
    }

    /// An Objective-C keyword at the top level: `@interface` and `@protocol` take what came
    /// before them as their annotations; `@compatibility_alias` declares a type; the rest is passed.
    mutating func objectiveC(_ keyword: HeaderToken, pending: inout PendingStatement) {
        switch keyword.text {
        case "interface":
            index += 1
            interface(prefix: pending.tokens)
            pending.tokens = []
        case "protocol":
            index += 1
            protocolDeclaration(prefix: pending.tokens)
            pending.tokens = []
        case "compatibility_alias":
            flush(&pending)
            if let alias = token(index + 1), alias.kind == .identifier { declare(alias.text, .type, line: alias.line) }
            skipStatement()
        case "implementation":
            flush(&pending)
            while let next = token(index), !(next.kind == .atKeyword && next.text == "end") { index += 1 }
            index += 1
        case "class", "import":
            flush(&pending)
            skipStatement()
        default:
            index += 1
        }
    }

    /// A `{` at the top level: an `extern "C"` block entered (another language's passed), a
    /// function's body passed with the annotations after it, or any other braces gathered.
    mutating func brace(_ token: HeaderToken, pending: inout PendingStatement) {
        if pending.tokens.count >= 2, pending.tokens[pending.tokens.count - 2].isWord("extern"), let language = pending.tokens.last, language.kind == .string {
            pending.tokens.removeLast(2)
            flush(&pending)
            if language.text == "\"C\"" {
                index += 1
            } else {
                uncertain(token.line, "C++ (`extern \(language.text)`)")
                index = closing(index) + 1
            }
            return
        }
        let close = closing(index)
        if !pending.braced, isFunctionDefinition(pending.tokens) {
            index = close + 1
            // Annotations after the body (`} NS_SWIFT_UNAVAILABLE("")`) are the function's.
            pending.tokens += trailingAnnotations()
            flush(&pending)
            return
        }
        pending.tokens += tokens[index...close]
        pending.braced = true
        index = close + 1
    }

    /// One more token of the statement; a statement too long is not read, up to its `;`.
    mutating func gather(_ token: HeaderToken, into pending: inout PendingStatement) {
        pending.tokens.append(token)
        index += 1
        if pending.tokens.count > HeaderLimits.declarationTokens {
            uncertain(pending.tokens[0].line, "a declaration of more than \(HeaderLimits.declarationTokens) tokens: not read")
            pending.tokens = []
            skipStatement()
        }
    }

    /// The annotations at `index` (`NS_SWIFT_UNAVAILABLE("")`, `__attribute__((…))`), and a `;`
    /// after them, passed.
    mutating func trailingAnnotations() -> [HeaderToken] {
        var result: [HeaderToken] = []
        while let token = token(index), token.kind == .identifier,
            token.text == "__attribute__" || token.isCapitalized && isAnnotation(token.text)
        {
            let start = index
            index += 1
            if self.token(index)?.is("(") == true { index = closing(index) + 1 }
            result += tokens[start..<min(index, tokens.count)]
        }
        if token(index)?.is(";") == true { index += 1 }
        return result
    }

    /// Whether a `{` after these tokens opens a function's body: the first parenthesis not an
    /// annotation's follows a name, and no `typedef` or enum macro came.
    func isFunctionDefinition(_ pending: [HeaderToken]) -> Bool {
        var at = 0
        while at < pending.count {
            let token = pending[at]
            if token.isWord("typedef") || token.is("=") { return false }
            if token.is("("), at > 0 {
                let before = pending[at - 1]
                if before.kind == .identifier, before.text == "__attribute__" || before.text == "__attribute" || before.text == "__declspec"
                    || HeaderVocabulary.enumKind(ofMacro: before.text) != nil || before.isCapitalized && isAnnotation(before.text)
                {
                    at = closing(at, in: pending) + 1
                    continue
                }
                return before.kind == .identifier && !HeaderVocabulary.keywords.contains(before.text) || before.is(")")
            }
            if token.is("{") || token.is("(") || token.is("[") {
                at = closing(at, in: pending) + 1
                continue
            }
            at += 1
        }
        return false
    }
}

extension [HeaderToken] {
    /// The index of the bracket closing the one at `open` (`(`, `[`, `{`, `<`), else the end.
    func closing(_ open: Int) -> Int {
        let opener = self[open].text
        let closer = opener == "(" ? ")" : opener == "[" ? "]" : opener == "{" ? "}" : ">"
        var depth = 0
        var at = open
        while at < count {
            let token = self[at]
            if token.kind == .punctuation {
                if token.text == opener {
                    depth += 1
                } else if token.text == closer {
                    depth -= 1
                    if depth == 0 { return at }
                } else if opener == "<", token.text == ";" || token.text == "{" {
                    return at - 1
                }
            }
            at += 1
        }
        return count - 1
    }
}
