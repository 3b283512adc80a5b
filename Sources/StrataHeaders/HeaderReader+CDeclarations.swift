/// C declarations at the top level (or inside an interface): typedefs, enums, structs and
/// unions with their fields, functions and variables.
extension HeaderReader {
    /// One top-level statement: a typedef, an enum, a struct or union, functions and variables.
    mutating func statement(_ raw: [HeaderToken]) {
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
    func enumMacro(in tokens: [HeaderToken]) -> Int? {
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
    func taggedBody(in tokens: [HeaderToken]) -> Int? {
        guard let keyword = tokens.firstIndex(where: { $0.isWord("struct") || $0.isWord("union") || $0.isWord("enum") }) else { return nil }
        var at = keyword + 1
        while at < tokens.count, !tokens[at].is("{") {
            guard tokens[at].kind == .identifier || tokens[at].is(":") else { return nil }
            at += 1
        }
        return at < tokens.count ? keyword : nil
    }

    mutating func typedefDeclaration(_ tokens: [HeaderToken], notes: Notes) {
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
    mutating func enumMacroDeclaration(_ tokens: [HeaderToken], at macro: Int, notes: Notes, typedef: Bool) {
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
    mutating func taggedDeclaration(_ tokens: [HeaderToken], tag keyword: Int, notes: Notes, typedef: Bool) {
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
    mutating func enumDeclaration(
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
    mutating func fields(_ body: ArraySlice<HeaderToken>, owner: String?) {
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
    mutating func functionsAndVariables(_ tokens: [HeaderToken], notes: Notes, first: HeaderToken) {
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
    func typeName(in part: [HeaderToken]) -> String? {
        var names = part.filter { $0.kind == .identifier && !HeaderVocabulary.keywords.contains($0.text) && !($0.isCapitalized && isAnnotation($0.text)) }
        guard names.count >= 2 else { return nil }
        names.removeLast()
        return names.first?.text
    }
}
