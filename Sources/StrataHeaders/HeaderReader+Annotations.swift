/// Annotations: the attributes and macros around a declaration that are not its words, and
/// what they say to Swift (a rename, a refinement, unavailability, an enum's kind).
extension HeaderReader {
    /// Whether a name is an annotation: a macro the headers define as one, or a name that looks
    /// like one (`MYLIB_EXPORT`) and is neither a macro declaring names nor a constant.
    func isAnnotation(_ name: String) -> Bool {
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

    /// A pass over a declaration's tokens: those kept, and what the annotations dropped say.
    struct Cleaning {
        let input: [HeaderToken]
        var at = 0
        var output: [HeaderToken] = []
        var notes = Notes()

        init(_ input: [HeaderToken]) {
            self.input = input
            output.reserveCapacity(input.count)
        }

        var next: HeaderToken? { at + 1 < input.count ? input[at + 1] : nil }

        /// Past the `(…)` at `at`, when there is one; its tokens inside.
        mutating func group() -> ArraySlice<HeaderToken> {
            guard at < input.count, input[at].is("(") else { return [] }
            let close = input.closing(at)
            defer { at = close + 1 }
            return input[(at + 1)..<max(at + 1, close)]
        }

        /// The token at `at` kept.
        mutating func keep() {
            output.append(input[at])
            at += 1
        }

        /// The bracket at `at` kept whole.
        mutating func keepBracket() {
            let close = input.closing(at)
            output += input[at...close]
            at = close + 1
        }
    }

    /// The tokens without their annotations (attributes, availability and export macros),
    /// looked at outside brackets only, and what the annotations say.
    func clean(_ input: ArraySlice<HeaderToken>) -> (tokens: [HeaderToken], notes: Notes) {
        var cleaning = Cleaning(Array(input))
        while cleaning.at < cleaning.input.count {
            let token = cleaning.input[cleaning.at]
            if token.is("(") || token.is("[") || token.is("{") {
                cleaning.keepBracket()
            } else if token.kind == .identifier {
                clean(identifier: token, in: &cleaning)
            } else {
                cleaning.keep()
            }
        }
        return (cleaning.output, cleaning.notes)
    }

    /// A word of a declaration: an attribute or an annotation dropped (and what it says
    /// noted), a macro pasting a name expanded, anything else kept.
    private func clean(identifier token: HeaderToken, in cleaning: inout Cleaning) {
        let name = token.text
        let called = cleaning.next?.is("(") == true
        switch name {
        case "__attribute__", "__attribute":
            cleaning.at += 1
            let attributes = cleaning.group()
            read(attributes: attributes, into: &cleaning.notes)
            return
        case "__declspec", "__asm__", "__asm", "_Alignas", "alignas", "__deprecated_msg", "__printflike":
            cleaning.at += 1
            _ = cleaning.group()
            return
        default:
            break
        }
        if called, macros.pasting[name] != nil {
            paste(token, in: &cleaning)
        } else if HeaderVocabulary.swiftName.contains(name) {
            cleaning.at += 1
            cleaning.notes.swiftName = cleaning.group().map(\.text).joined()
        } else if HeaderVocabulary.refined.contains(name) {
            cleaning.at += 1
            cleaning.notes.refined = true
        } else if HeaderVocabulary.unavailable.contains(name) {
            cleaning.at += 1
            cleaning.notes.unavailable = true
            _ = cleaning.group()
        } else if HeaderVocabulary.typedEnum.contains(name) {
            cleaning.at += 1
            cleaning.notes.typedEnum = true
            _ = cleaning.group()
        } else if HeaderVocabulary.enumKind(ofMacro: name) != nil && called {
            cleaning.keep()
        } else if HeaderVocabulary.annotations.contains(name) || macros.isAnnotation(name) || called && token.isCapitalized && isAnnotation(name) {
            cleaning.at += 1
            if called { _ = cleaning.group() }
        } else {
            cleaning.keep()
        }
    }

    /// A call of a macro pasting a name (`MY_PREFIXED(Name)`): the name it makes, else the call as written.
    private func paste(_ token: HeaderToken, in cleaning: inout Cleaning) {
        let open = cleaning.at + 1
        cleaning.at += 1
        let inside = Array(cleaning.group())
        if let pasted = macros.paste(token.text, arguments: split(inside, at: ",")) {
            cleaning.output.append(HeaderToken(.identifier, pasted, line: token.line))
        } else {
            cleaning.output += cleaning.input[(open - 1)..<cleaning.at]
        }
    }

    /// `__attribute__((swift_name("x"), swift_private, unavailable, enum_extensibility(open), flag_enum))`.
    func read(attributes: ArraySlice<HeaderToken>, into notes: inout Notes) {
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
}
