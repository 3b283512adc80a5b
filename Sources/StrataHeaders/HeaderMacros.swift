/// A module's `#define`s sorted by what they are to Swift: constants it imports (a literal, or
/// an expression of literals and other constants), annotations the reader looks past
/// (defined as nothing, or as attributes), and macros whose expansion may declare names
/// (a body with `typedef`, `struct`, `;` or token pasting), whose use at the top level the
/// reader cannot read.
public struct HeaderMacros: Sendable {
    public private(set) var constants: [String: HeaderMacro] = [:]
    private(set) var annotations: Set<String> = []
    private(set) var declaring: Set<String> = []
    /// Function-like macros that paste a name (`#define NIO(name) CNIOWindows_ ## name`),
    /// expanded where they are used: what they make is the name declared.
    private(set) var pasting: [String: HeaderMacro] = [:]
    /// Every macro defined, constants or not.
    private(set) var defined: Set<String> = []

    public init(_ macros: [HeaderMacro]) {
        var candidates: [String: HeaderMacro] = [:]
        for macro in macros {
            defined.insert(macro.name)
            if macro.functionLike, Self.pastes(macro.body) {
                pasting[macro.name] = macro
            } else if Self.declares(macro.body) {
                declaring.insert(macro.name)
            } else if Self.annotates(macro.body) {
                annotations.insert(macro.name)
            } else if !macro.functionLike, !macro.body.isEmpty {
                // A macro defined twice (one per platform) is a constant if either definition is.
                if candidates[macro.name] == nil || constants[macro.name] == nil { candidates[macro.name] = macro }
            }
        }
        // Constants that name other constants: settled by rounds, as many as the chain is long.
        var settled: [String: HeaderMacro] = [:]
        var changed = true
        var rounds = 0
        while changed, rounds < 16 {
            changed = false
            rounds += 1
            for (name, macro) in candidates where settled[name] == nil && Self.isConstant(macro.body, known: settled) {
                settled[name] = macro
                changed = true
            }
        }
        constants = settled
        // A name defined both as an annotation and as nothing else stays an annotation; one that
        // is a constant somewhere is a constant.
        annotations.subtract(constants.keys)
    }

    func isAnnotation(_ name: String) -> Bool { annotations.contains(name) }
    func isDeclaring(_ name: String) -> Bool { declaring.contains(name) }
    func isDefined(_ name: String) -> Bool { defined.contains(name) }

    /// A body of names joined by `##` only.
    static func pastes(_ body: [HeaderToken]) -> Bool {
        body.contains { $0.is("##") } && body.allSatisfy { $0.kind == .identifier || $0.is("##") }
    }

    /// What a pasting macro makes of its arguments (`NIO(recv)` -> `CNIOWindows_recv`); nil
    /// when an argument is not one name.
    func paste(_ name: String, arguments: [[HeaderToken]]) -> String? {
        guard let macro = pasting[name], arguments.count == macro.parameters.count,
            arguments.allSatisfy({ $0.count == 1 && $0[0].kind == .identifier })
        else { return nil }
        var result = ""
        for token in macro.body where token.kind == .identifier {
            if let position = macro.parameters.firstIndex(of: token.text) { result += arguments[position][0].text } else { result += token.text }
        }
        return result
    }

    /// A body that may declare: a declaration keyword, `;`, braces or token pasting.
    static func declares(_ body: [HeaderToken]) -> Bool {
        body.contains { token in
            switch token.kind {
            case .punctuation: return token.text == ";" || token.text == "{" || token.text == "##"
            case .atKeyword: return token.text == "interface" || token.text == "protocol" || token.text == "class"
            case .identifier: return ["typedef", "struct", "union", "enum"].contains(token.text) || HeaderVocabulary.enumKind(ofMacro: token.text) != nil
            default: return false
            }
        }
    }

    /// A body that only annotates: nothing, attributes, storage words, or other annotations.
    static func annotates(_ body: [HeaderToken]) -> Bool {
        guard let first = body.first else { return true }
        let leading: Set<String> = [
            "__attribute__", "__attribute", "__declspec", "_Pragma", "__pragma", "extern", "static", "inline", "__inline", "__inline__",
            "__unused", "__deprecated", "__visibility__", "_Noreturn", "__asm__", "__asm", "_Nonnull", "_Nullable", "__nonnull", "__nullable",
        ]
        return first.kind == .identifier && (leading.contains(first.text) || HeaderVocabulary.annotations.contains(first.text))
    }

    /// A body Swift imports as a constant: literals, operators and parentheses, casts to
    /// builtin types, and names of constants already known.
    static func isConstant(_ body: [HeaderToken], known: [String: HeaderMacro]) -> Bool {
        var literal = false
        for token in body {
            switch token.kind {
            case .number, .character:
                literal = true
            case .string:
                literal = true
            case .punctuation:
                guard ["(", ")", "+", "-", "*", "/", "%", "<", ">", "|", "&", "^", "~", "!", "="].contains(token.text) else { return false }
            case .identifier:
                if known[token.text] != nil {
                    literal = true
                } else if !(HeaderVocabulary.builtinTypes.contains(token.text) || integerTypes.contains(token.text)) {
                    return false
                }
            default:
                return false
            }
        }
        return literal
    }

    static let integerTypes: Set<String> = [
        "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t", "ssize_t", "intptr_t",
        "uintptr_t", "NSInteger", "NSUInteger", "CGFloat", "BOOL", "UInt8", "UInt16", "UInt32", "UInt64", "SInt32", "OSStatus",
    ]
}
