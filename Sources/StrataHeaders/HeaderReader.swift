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
    private var tokens: [HeaderToken] = []
    private var index = 0
    private var file = 0
    private var declarations: [HeaderDeclaration] = []
    private var uncertainties: [(file: Int, uncertainty: HeaderUncertainty)] = []
    /// Global variables with the type they are declared with: `NS_TYPED_ENUM` members once
    /// every typedef is known.
    private var typedVariables: [(name: String, type: String, line: Int)] = []
    private var typedEnums: Set<String> = HeaderVocabulary.sdkTypedEnums
    private var classes: Set<String> = []
    private var protocols: [(name: String, line: Int)] = []

    init(macros: HeaderMacros) { self.macros = macros }

    // MARK: - Declarations

    private mutating func declare(_ name: String, _ kind: HeaderDeclaration.Kind, owner: String? = nil, line: Int) {
        guard !name.isEmpty, !HeaderVocabulary.keywords.contains(name) else { return }
        declarations.append(HeaderDeclaration(name, kind, owner: owner, line: line))
    }

    /// A declaration under the name Swift gives it: its `NS_SWIFT_NAME` (a member when that
    /// names a type: `Thing.Kind`), `__` before a refined one, nothing for one Swift never sees.
    private mutating func declare(_ name: HeaderToken, _ kind: HeaderDeclaration.Kind, notes: Notes, owner: String? = nil) {
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

    private mutating func uncertain(_ line: Int, _ reason: String) {
        uncertainties.append((file, HeaderUncertainty(line: line, reason: reason)))
    }

    private func finish(_ files: [HeaderFile]) -> Reading {
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
        var seen: Set<HeaderDeclaration> = []
        let unique = declarations.sorted().filter { seen.insert($0).inserted }
        return Reading(declarations: unique, uncertainties: uncertainties)
    }

    // MARK: - Tokens

    /// The index of the bracket closing the one at `open` (`(`, `[`, `{`, `<`), else the end.
    private func closing(_ open: Int, in tokens: [HeaderToken]) -> Int {
        let opener = tokens[open].text
        let closer = opener == "(" ? ")" : opener == "[" ? "]" : opener == "{" ? "}" : ">"
        var depth = 0
        var at = open
        while at < tokens.count {
            let token = tokens[at]
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
        return tokens.count - 1
    }

    private func closing(_ open: Int) -> Int { closing(open, in: tokens) }

    private func token(_ at: Int) -> HeaderToken? { at < tokens.count ? tokens[at] : nil }

    /// Past `<…>` at `index` (generic parameters, protocol lists).
    private mutating func skipAngles() {
        if token(index)?.is("<") == true { index = closing(index) + 1 }
    }

    /// Past the next `;` at this depth (or the end).
    private mutating func skipStatement() {
        while let token = token(index) {
            index += 1
            if token.is(";") { return }
            if token.is("{") || token.is("(") || token.is("[") { index = closing(index - 1) + 1 }
        }
    }

    // MARK: - The top level

    private mutating func topLevel() {
        var pending: [HeaderToken] = []
        /// A `{…}` is in `pending` already: no function's signature (checked once a statement).
        var braced = false
        func flush(_ reader: inout HeaderReader) {
            reader.statement(pending)
            pending = []
            braced = false
        }
        while let token = token(index) {
            if token.kind == .atKeyword {
                switch token.text {
                case "interface":
                    index += 1
                    interface(prefix: pending)
                    pending = []
                case "protocol":
                    index += 1
                    protocolDeclaration(prefix: pending)
                    pending = []
                case "compatibility_alias":
                    flush(&self)
                    if let alias = self.token(index + 1), alias.kind == .identifier { declare(alias.text, .type, line: alias.line) }
                    skipStatement()
                case "implementation":
                    flush(&self)
                    while let next = self.token(index), !(next.kind == .atKeyword && next.text == "end") { index += 1 }
                    index += 1
                case "class", "import":
                    flush(&self)
                    skipStatement()
                default:
                    index += 1
                }
                continue
            }
            if token.is(";") {
                index += 1
                flush(&self)
                continue
            }
            if token.is("}") {
                // The end of an `extern "C" {` block (or a stray brace).
                index += 1
                flush(&self)
                continue
            }
            if token.is("{") {
                if pending.count >= 2, pending[pending.count - 2].isWord("extern"), let language = pending.last, language.kind == .string {
                    pending.removeLast(2)
                    flush(&self)
                    if language.text == "\"C\"" {
                        index += 1
                    } else {
                        uncertain(token.line, "C++ (`extern \(language.text)`)")
                        index = closing(index) + 1
                    }
                    continue
                }
                let close = closing(index)
                if !braced, isFunctionDefinition(pending) {
                    index = close + 1
                    // Annotations after the body (`} NS_SWIFT_UNAVAILABLE("")`) are the function's.
                    pending += trailingAnnotations()
                    flush(&self)
                    continue
                }
                pending += tokens[index...close]
                braced = true
                index = close + 1
                continue
            }
            pending.append(token)
            index += 1
            if pending.count > HeaderLimits.declarationTokens {
                uncertain(pending[0].line, "a declaration of more than \(HeaderLimits.declarationTokens) tokens: not read")
                pending = []
                skipStatement()
            }
        }
        flush(&self)
    }

    /// The annotations at `index` (`NS_SWIFT_UNAVAILABLE("")`, `__attribute__((…))`), and a `;`
    /// after them, passed.
    private mutating func trailingAnnotations() -> [HeaderToken] {
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
    private func isFunctionDefinition(_ pending: [HeaderToken]) -> Bool {
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

    private func isAnnotation(_ name: String) -> Bool {
        macros.isAnnotation(name) || !macros.isDeclaring(name) && macros.constants[name] == nil && HeaderVocabulary.looksLikeAnnotation(name)
    }

    // MARK: - Annotations

    /// What a declaration's annotations say to Swift.
    struct Notes {
        var swiftName: String?
        var refined = false
        var unavailable = false
        var typedEnum = false
        var enumKind: HeaderVocabulary.EnumKind?
    }

    /// The tokens without their annotations (attributes, availability and export macros),
    /// looked at outside brackets only, and what the annotations say.
    private func clean(_ input: ArraySlice<HeaderToken>) -> (tokens: [HeaderToken], notes: Notes) {
        let input = Array(input)
        var notes = Notes()
        var output: [HeaderToken] = []
        output.reserveCapacity(input.count)
        var at = 0
        /// Past the `(…)` at `at`, when there is one; its tokens inside.
        func group() -> ArraySlice<HeaderToken> {
            guard at < input.count, input[at].is("(") else { return [] }
            let close = closing(at, in: input)
            defer { at = close + 1 }
            return input[(at + 1)..<max(at + 1, close)]
        }
        while at < input.count {
            let token = input[at]
            if token.is("(") || token.is("[") || token.is("{") {
                let close = closing(at, in: input)
                output += input[at...close]
                at = close + 1
                continue
            }
            guard token.kind == .identifier else {
                output.append(token)
                at += 1
                continue
            }
            let name = token.text
            let next = at + 1 < input.count ? input[at + 1] : nil
            switch name {
            case "__attribute__", "__attribute":
                at += 1
                read(attributes: group(), into: &notes)
                continue
            case "__declspec", "__asm__", "__asm", "_Alignas", "alignas", "__deprecated_msg", "__printflike":
                at += 1
                _ = group()
                continue
            default:
                break
            }
            if next?.is("(") == true, macros.pasting[name] != nil {
                let open = at + 1
                at += 1
                let inside = Array(group())
                if let pasted = macros.paste(name, arguments: split(inside, at: ",")) {
                    output.append(HeaderToken(.identifier, pasted, line: token.line))
                } else {
                    output += input[(open - 1)..<at]
                }
            } else if HeaderVocabulary.swiftName.contains(name) {
                at += 1
                notes.swiftName = group().map(\.text).joined()
            } else if HeaderVocabulary.refined.contains(name) {
                at += 1
                notes.refined = true
            } else if HeaderVocabulary.unavailable.contains(name) {
                at += 1
                notes.unavailable = true
                _ = group()
            } else if HeaderVocabulary.typedEnum.contains(name) {
                at += 1
                notes.typedEnum = true
                _ = group()
            } else if HeaderVocabulary.enumKind(ofMacro: name) != nil && next?.is("(") == true {
                output.append(token)
                at += 1
            } else if HeaderVocabulary.annotations.contains(name) || macros.isAnnotation(name)
                || next?.is("(") == true && token.isCapitalized && isAnnotation(name)
            {
                at += 1
                if next?.is("(") == true { _ = group() }
            } else {
                output.append(token)
                at += 1
            }
        }
        return (output, notes)
    }

    /// `__attribute__((swift_name("x"), swift_private, unavailable, enum_extensibility(open), flag_enum))`.
    private func read(attributes: ArraySlice<HeaderToken>, into notes: inout Notes) {
        let list = Array(attributes)
        for (at, token) in list.enumerated() where token.kind == .identifier {
            switch token.text {
            case "swift_name", "__swift_name__":
                if let text = list.dropFirst(at + 1).first(where: { $0.kind == .string }) { notes.swiftName = text.text }
            case "swift_private", "__swift_private__": notes.refined = true
            case "unavailable", "__unavailable__": notes.unavailable = true
            case "enum_extensibility", "__enum_extensibility__": if notes.enumKind == nil { notes.enumKind = .swift }
            case "flag_enum", "__flag_enum__": notes.enumKind = .options
            case "swift_wrapper", "swift_newtype", "__swift_newtype__": notes.typedEnum = true
            default: break
            }
        }
    }

    // MARK: - C declarations

    /// One top-level statement: a typedef, an enum, a struct or union, functions and variables.
    private mutating func statement(_ raw: [HeaderToken]) {
        guard let first = raw.first else { return }
        if let word = raw.first(where: { $0.kind == .identifier && HeaderVocabulary.cplusplus.contains($0.text) || $0.is("::") }) {
            uncertain(word.line, "C++ (`\(word.text)`)")
            return
        }
        var (tokens, notes) = clean(raw[...])
        // A macro called at the top level (`DEFINE_STACK_OF(X509)`): its expansion may declare
        // names; those after it are still read.
        var start = 0
        while start + 1 < tokens.count, tokens[start].isCapitalized, tokens[start + 1].is("("),
            HeaderVocabulary.enumKind(ofMacro: tokens[start].text) == nil
        {
            let close = closing(start + 1, in: tokens)
            if !isAnnotation(tokens[start].text) {
                uncertain(tokens[start].line, "the macro `\(tokens[start].text)(…)` at the top level, whose expansion may declare names")
            }
            start = close + 1
        }
        if start > 0 { tokens.removeFirst(min(start, tokens.count)) }
        // Capitalized words alone (`NS_ASSUME_NONNULL_BEGIN`, a library's own): nothing declared.
        guard tokens.contains(where: { !($0.isCapitalized || $0.is(";")) }) else {
            if let word = tokens.first(where: { $0.isCapitalized && !isAnnotation($0.text) && !macros.isDefined($0.text) }), tokens.count > 1 {
                uncertain(word.line, "`\(tokens.map(\.text).joined(separator: " "))` at the top level, which may be a macro declaring names")
            }
            return
        }
        if let typedef = tokens.firstIndex(where: { $0.isWord("typedef") }) {
            tokens.remove(at: typedef)
            typedefDeclaration(tokens, notes: notes)
        } else if let macro = enumMacro(in: tokens) {
            enumMacroDeclaration(tokens, at: macro, notes: notes, typedef: false)
        } else if let tag = taggedBody(in: tokens) {
            taggedDeclaration(tokens, tag: tag, notes: notes, typedef: false)
        } else {
            functionsAndVariables(tokens, notes: notes, first: first)
        }
    }

    /// The position of an enum macro call (`NS_ENUM(`) outside brackets.
    private func enumMacro(in tokens: [HeaderToken]) -> Int? {
        var at = 0
        while at < tokens.count {
            if tokens[at].is("(") || tokens[at].is("{") || tokens[at].is("[") {
                at = closing(at, in: tokens) + 1
                continue
            }
            if tokens[at].kind == .identifier, HeaderVocabulary.enumKind(ofMacro: tokens[at].text) != nil, at + 1 < tokens.count, tokens[at + 1].is("(") {
                return at
            }
            at += 1
        }
        return nil
    }

    /// `struct Tag {`, `union {`, `enum Tag : int {`: the keyword's position, when a body follows.
    private func taggedBody(in tokens: [HeaderToken]) -> Int? {
        guard let keyword = tokens.firstIndex(where: { $0.isWord("struct") || $0.isWord("union") || $0.isWord("enum") }) else { return nil }
        var at = keyword + 1
        while at < tokens.count, !tokens[at].is("{") {
            guard tokens[at].kind == .identifier || tokens[at].is(":") else { return nil }
            at += 1
        }
        return at < tokens.count ? keyword : nil
    }

    private mutating func typedefDeclaration(_ tokens: [HeaderToken], notes: Notes) {
        if let macro = enumMacro(in: tokens) { return enumMacroDeclaration(tokens, at: macro, notes: notes, typedef: true) }
        if let tag = taggedBody(in: tokens) { return taggedDeclaration(tokens, tag: tag, notes: notes, typedef: true) }
        var declared: [HeaderToken] = []
        for part in parts(tokens) {
            guard let (name, _) = declarator(part) else { continue }
            declared.append(name)
        }
        if declared.isEmpty, let word = tokens.first {
            uncertain(word.line, "a typedef not read")
        }
        for (offset, name) in declared.enumerated() {
            if notes.typedEnum { typedEnums.insert(name.text) }
            declare(name, .type, notes: offset == 0 ? notes : Notes())
        }
    }

    /// `[typedef] NS_ENUM(NSInteger, Name) { … } [NS_SWIFT_NAME(…)];` and `NS_OPTIONS`,
    /// `NS_CLOSED_ENUM`, `NS_ERROR_ENUM(Domain, Name)`, a library's `…_ENUM`.
    private mutating func enumMacroDeclaration(_ tokens: [HeaderToken], at macro: Int, notes: Notes, typedef: Bool) {
        let kind = HeaderVocabulary.enumKind(ofMacro: tokens[macro].text) ?? .swift
        let close = closing(macro + 1, in: tokens)
        let arguments = tokens[(macro + 2)..<max(macro + 2, close)]
        guard let name = arguments.last(where: { $0.kind == .identifier && !HeaderVocabulary.keywords.contains($0.text) }) else {
            uncertain(tokens[macro].line, "an enum not read")
            return
        }
        let body = close + 1 < tokens.count && tokens[close + 1].is("{") ? Array(tokens[(close + 1)...closing(close + 1, in: tokens)]) : []
        enumDeclaration(name: name, cName: name.text, kind: kind, body: body, notes: notes)
    }

    /// `[typedef] struct|union|enum [Tag] [: Type] { … } [declarators];`
    private mutating func taggedDeclaration(_ tokens: [HeaderToken], tag keyword: Int, notes: Notes, typedef: Bool) {
        let open = tokens[keyword...].firstIndex { $0.is("{") } ?? tokens.count - 1
        let close = closing(open, in: tokens)
        let tag = tokens[(keyword + 1)..<open].first { $0.kind == .identifier && !HeaderVocabulary.keywords.contains($0.text) }
        let body = Array(tokens[open...close])
        // What follows the body: declarators (typedef names, or variables).
        let after = Array(tokens[(close + 1)...])
        var names: [HeaderToken] = []
        if !after.isEmpty {
            for part in parts(after) { if let (name, _) = declarator(part, needsType: false) { names.append(name) } }
        }
        let typedefNames = typedef ? names : []
        let swiftName = typedefNames.first ?? tag
        if tokens[keyword].isWord("enum") {
            let enumName = swiftName ?? tokens[keyword]
            let kind = notes.enumKind ?? .plain
            if kind != .plain || tag != nil || !typedefNames.isEmpty {
                enumDeclaration(name: enumName, cName: enumName.text, kind: kind, body: body, notes: notes, anonymous: tag == nil && typedefNames.isEmpty)
            } else {
                enumDeclaration(name: enumName, cName: "", kind: .plain, body: body, notes: notes, anonymous: true)
            }
            if let tag, tag.text != enumName.text { declare(tag, .type, notes: Notes()) }
        } else {
            let owner = swiftName.map { notes.swiftName.flatMap(SwiftNames.parse(swiftName:))?.base ?? $0.text }
            if let tag { declare(tag, .type, notes: typedefNames.first == nil ? notes : Notes()) }
            fields(body.dropFirst().dropLast(), owner: owner)
        }
        for (offset, name) in typedefNames.enumerated() where !(offset == 0 && tokens[keyword].isWord("enum")) {
            declare(name, .type, notes: offset == 0 ? notes : Notes())
        }
        if !typedef { for name in names { declare(name, .variable, notes: Notes()) } }
    }

    /// An enum's type and cases: `NS_ENUM` and `NS_OPTIONS` cases as members without their
    /// common prefix, a plain C enum's as globals (Swift imports them so).
    private mutating func enumDeclaration(
        name: HeaderToken, cName: String, kind: HeaderVocabulary.EnumKind, body: [HeaderToken], notes: Notes, anonymous: Bool = false
    ) {
        if !anonymous { declare(name, .type, notes: notes) }
        let owner = notes.swiftName.flatMap(SwiftNames.parse(swiftName:))?.base ?? name.text
        if kind == .error { declare("Code", .member, owner: owner, line: name.line) }
        var cases: [(name: HeaderToken, swiftName: String?)] = []
        for entry in parts(Array(body.dropFirst().dropLast())) {
            let (entryTokens, entryNotes) = clean(entry[...])
            guard let caseName = entryTokens.first, caseName.kind == .identifier, !entryNotes.unavailable else { continue }
            cases.append((caseName, entryNotes.swiftName.flatMap(SwiftNames.parse(swiftName:))?.base ?? (entryNotes.refined ? "__" + caseName.text : nil)))
        }
        if kind == .plain {
            for (caseName, swiftName) in cases { declare(swiftName ?? caseName.text, .variable, line: caseName.line) }
            return
        }
        let names = SwiftNames.caseNames(cases.map(\.name.text), swiftNames: cases.map(\.swiftName), enumName: cName)
        for (offset, caseName) in names.enumerated() { declare(caseName, .member, owner: owner, line: cases[offset].name.line) }
    }

    /// A struct's or union's fields, members of `owner`; an anonymous struct or union inside
    /// gives its fields to `owner` too, a named one is a type of its own (C has one scope).
    private mutating func fields(_ body: ArraySlice<HeaderToken>, owner: String?) {
        for field in statements(Array(body)) {
            let (tokens, notes) = clean(field[...])
            guard !tokens.isEmpty else { continue }
            if let keyword = taggedBody(in: tokens) {
                let open = tokens[keyword...].firstIndex { $0.is("{") } ?? tokens.count - 1
                let close = closing(open, in: tokens)
                let tag = tokens[(keyword + 1)..<open].first { $0.kind == .identifier && !HeaderVocabulary.keywords.contains($0.text) }
                let inner = tokens[(open + 1)..<max(open + 1, close)]
                let after = Array(tokens[(close + 1)...])
                if let tag { declare(tag, .type, notes: Notes()) }
                if tokens[keyword].isWord("enum") {
                    enumDeclaration(name: tag ?? tokens[keyword], cName: tag?.text ?? "", kind: notes.enumKind ?? .plain, body: Array(tokens[open...close]), notes: Notes(), anonymous: tag == nil)
                } else {
                    fields(inner, owner: after.isEmpty ? owner : tag?.text)
                }
                for part in parts(after) { if let (name, _) = declarator(part, needsType: false, bitfield: true) { declare(name, .member, notes: Notes(), owner: owner) } }
                continue
            }
            for (offset, part) in parts(tokens).enumerated() {
                guard let (name, _) = declarator(part, needsType: offset == 0, bitfield: true) else { continue }
                declare(name, .member, notes: offset == 0 ? notes : Notes(), owner: owner)
            }
        }
    }

    /// Functions and variables: `int f(void);`, `extern NSString *const K;`, `int a, b;`.
    private mutating func functionsAndVariables(_ tokens: [HeaderToken], notes: Notes, first: HeaderToken) {
        // `struct Tag;`, `_Static_assert(…)`: nothing Swift sees.
        if tokens.count == 2, tokens[0].isWord("struct") || tokens[0].isWord("union") || tokens[0].isWord("enum") { return }
        if tokens.first?.isWord("_Static_assert") == true || tokens.first?.isWord("static_assert") == true { return }
        var any = false
        for (offset, part) in parts(tokens).enumerated() {
            guard let (name, function) = declarator(part, needsType: offset == 0) else { continue }
            any = true
            let partNotes = offset == 0 ? notes : Notes()
            if function {
                declare(name, .function, notes: partNotes)
            } else {
                declare(name, .variable, notes: partNotes)
                if partNotes.swiftName == nil, let type = typeName(in: offset == 0 ? part : parts(tokens)[0]) {
                    typedVariables.append((name.text, type, name.line))
                }
            }
        }
        // Bare names with nothing to declare (a stray `;`, `NS_ASSUME_NONNULL_END`) say nothing.
        if !any, tokens.contains(where: { $0.kind == .identifier && !$0.isCapitalized }) {
            uncertain(first.line, "a declaration not read (`\(tokens.prefix(6).map(\.text).joined(separator: " "))…`)")
        }
    }

    /// The type a variable is declared with: the first name that is neither a keyword nor an
    /// annotation (`extern MyKey const MyKeyAlpha;` -> `MyKey`).
    private func typeName(in part: [HeaderToken]) -> String? {
        var names = part.filter { $0.kind == .identifier && !HeaderVocabulary.keywords.contains($0.text) && !($0.isCapitalized && isAnnotation($0.text)) }
        guard names.count >= 2 else { return nil }
        names.removeLast()
        return names.first?.text
    }

    // MARK: - Declarators

    /// The tokens split at `,` outside brackets.
    private func parts(_ tokens: [HeaderToken]) -> [[HeaderToken]] {
        split(tokens, at: ",")
    }

    /// The tokens split at `;` outside brackets.
    private func statements(_ tokens: [HeaderToken]) -> [[HeaderToken]] {
        split(tokens, at: ";")
    }

    private func split(_ tokens: [HeaderToken], at separator: String) -> [[HeaderToken]] {
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
    private func declarator(_ input: [HeaderToken], needsType: Bool = true, bitfield: Bool = false) -> (name: HeaderToken, function: Bool)? {
        var part = input
        // Trailing capitalized words and calls after the name: annotations, when a type and a
        // name come before them (`int f(void) MY_ATTR(x)`, not `MyType MY_CONSTANT`).
        func named(_ before: ArraySlice<HeaderToken>) -> Bool {
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
        // A few at most: real declarations have one or two, and each costs a look at the part.
        var passed = 0
        while part.count > 2, passed < 8 {
            passed += 1
            if part.last?.is(")") == true, let open = openingParenthesis(of: part.count - 1, in: part), open > 1, part[open - 1].isCapitalized,
                part[open - 2].kind == .identifier && !HeaderVocabulary.keywords.contains(part[open - 2].text) && named(part[..<(open - 1)])
                    || part[open - 2].is(")") || part[open - 2].is("]")
            {
                part.removeSubrange((open - 1)...)
                continue
            }
            guard let last = part.last, last.isCapitalized, !HeaderVocabulary.keywords.contains(last.text),
                part[part.count - 2].is(")") || part[part.count - 2].is("]")
                    || part[part.count - 2].kind == .identifier && !HeaderVocabulary.keywords.contains(part[part.count - 2].text) && named(part.dropLast())
            else { break }
            part.removeLast()
        }
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

    /// The `(` matching the `)` at `close`.
    private func openingParenthesis(of close: Int, in tokens: [HeaderToken]) -> Int? {
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

    // MARK: - Objective-C

    /// `@interface Name [<T>] : Super [<P>]` or `@interface Name (Category) [<P>]`, its
    /// methods and properties up to `@end`.
    private mutating func interface(prefix: [HeaderToken]) {
        let notes = clean(prefix[...]).notes
        guard let name = token(index), name.kind == .identifier else { return }
        index += 1
        skipAngles()
        var owner = name.text
        if token(index)?.is("(") == true {
            index = closing(index) + 1
        } else {
            if token(index)?.is(":") == true {
                index += 2
                skipAngles()
            }
            declare(name, .type, notes: notes)
            if !notes.unavailable {
                owner = notes.swiftName.flatMap(SwiftNames.parse(swiftName:))?.base ?? (notes.refined ? "__" + name.text : name.text)
                classes.insert(name.text)
            }
        }
        skipAngles()
        if token(index)?.is("{") == true { index = closing(index) + 1 }
        members(owner: owner)
    }

    /// `@protocol Name [<P>] … @end`; a forward declaration (`@protocol A, B;`) declares nothing.
    private mutating func protocolDeclaration(prefix: [HeaderToken]) {
        let notes = clean(prefix[...]).notes
        guard let name = token(index), name.kind == .identifier else { return }
        if let next = token(index + 1), next.is(";") || next.is(",") {
            skipStatement()
            return
        }
        index += 1
        skipAngles()
        declare(name, .type, notes: notes)
        protocols.append((name.text, name.line))
        members(owner: notes.swiftName.flatMap(SwiftNames.parse(swiftName:))?.base ?? name.text)
    }

    /// An interface's or protocol's body: methods and properties as members, C declarations
    /// among them as at the top level.
    private mutating func members(owner: String) {
        while let token = token(index) {
            if token.kind == .atKeyword {
                switch token.text {
                case "end":
                    index += 1
                    return
                case "interface", "protocol", "implementation":
                    return
                case "property":
                    index += 1
                    property(owner: owner)
                case "class", "import":
                    skipStatement()
                default:
                    index += 1
                }
                continue
            }
            if token.is("-") || token.is("+") {
                index += 1
                method(owner: owner)
                continue
            }
            if token.is(";") {
                index += 1
                continue
            }
            // A C declaration inside the interface: to its `;`, or to the next Objective-C keyword.
            var statement: [HeaderToken] = []
            while let next = self.token(index), next.kind != .atKeyword {
                index += 1
                if next.is(";") { break }
                if next.is("{") || next.is("(") || next.is("[") {
                    let close = closing(index - 1)
                    statement += tokens[(index - 1)...close]
                    index = close + 1
                    continue
                }
                statement.append(next)
            }
            self.statement(statement)
        }
    }

    /// The tokens of an interface's member up to its `;` (a body in braces skipped).
    private mutating func memberTokens() -> [HeaderToken] {
        var result: [HeaderToken] = []
        while let token = token(index), token.kind != .atKeyword {
            if token.is(";") {
                index += 1
                break
            }
            if token.is("{") {
                index = closing(index) + 1
                break
            }
            if token.is("(") || token.is("[") {
                let close = closing(index)
                result += tokens[index...close]
                index = close + 1
                continue
            }
            if token.is("-") || token.is("+"), result.contains(where: { $0.kind == .identifier }), result.last?.is("(") != true {
                // A method without its `;`: the next one starts here.
                break
            }
            result.append(token)
            index += 1
        }
        return result
    }

    /// `- (Type)piece:(T)a more:(U)b ANNOTATIONS;`: the Swift names its first piece may have.
    private mutating func method(owner: String) {
        let signature = memberTokens()
        let (_, notes) = clean(signature[...])
        guard !notes.unavailable else { return }
        var at = 0
        if signature.first?.is("(") == true { at = closing(0, in: signature) + 1 }
        guard at < signature.count, signature[at].kind == .identifier else { return }
        let piece = signature[at]
        let hasParameters = at + 1 < signature.count && signature[at + 1].is(":")
        var parameterType: String?
        if hasParameters, at + 2 < signature.count, signature[at + 2].is("(") {
            let close = closing(at + 2, in: signature)
            parameterType = signature[(at + 3)..<max(at + 3, close)].last { $0.kind == .identifier && !HeaderVocabulary.keywords.contains($0.text) }?.text
        }
        if let renamed = notes.swiftName.flatMap(SwiftNames.parse(swiftName:)) {
            declare(renamed.base, .member, owner: renamed.owner ?? owner, line: piece.line)
            return
        }
        for name in SwiftNames.methodNames(piece: piece.text, hasParameters: hasParameters, parameterType: parameterType) {
            declare(notes.refined ? "__" + name : name, .member, owner: owner, line: piece.line)
        }
    }

    /// `@property (nonatomic, getter=isOn) BOOL on;`: the property, and its getter's name.
    private mutating func property(owner: String) {
        var signature = memberTokens()
        var getter: HeaderToken?
        if signature.first?.is("(") == true {
            let close = closing(0, in: signature)
            let attributes = signature[1..<max(1, close)]
            if let at = attributes.firstIndex(where: { $0.isWord("getter") }), at + 2 < close, signature[at + 1].is("=") {
                getter = signature[at + 2]
            }
            signature.removeSubrange(0...close)
        }
        let (tokens, notes) = clean(signature[...])
        for (offset, part) in parts(tokens).enumerated() {
            guard let (name, _) = declarator(part, needsType: offset == 0) else { continue }
            declare(name, .member, notes: offset == 0 ? notes : Notes(), owner: owner)
            if offset == 0, let getter, notes.swiftName == nil, !notes.unavailable { declare(getter.text, .member, owner: owner, line: getter.line) }
        }
    }
}
