/// Objective-C: interfaces, categories and protocols, with their methods and properties as
/// members of the type Swift sees.
extension HeaderReader {
    /// `@interface Name [<T>] : Super [<P>]` or `@interface Name (Category) [<P>]`, its
    /// methods and properties up to `@end`.
    mutating func interface(prefix: [HeaderToken]) {
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
        members(owner: owner, className: name.text)
    }

    /// `@protocol Name [<P>] … @end`; a forward declaration (`@protocol A, B;`) declares nothing.
    mutating func protocolDeclaration(prefix: [HeaderToken]) {
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
        members(owner: notes.swiftName.flatMap(SwiftNames.parse(swiftName:))?.base ?? name.text, className: nil)
    }

    /// An interface's or protocol's body: methods and properties as members, C declarations
    /// among them as at the top level. `className`: the class as Objective-C names it (nil
    /// for a protocol), which its factory methods name and return.
    mutating func members(owner: String, className: String?) {
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
                method(owner: owner, factoryOf: token.is("+") ? className : nil)
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
    mutating func memberTokens() -> [HeaderToken] {
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
    /// An initializer (`initWith…:`, or a factory `+ (instancetype)colorWith…:` of `UIColor`)
    /// or a subscript (`objectAtIndexedSubscript:`) is also what its class gains unnamed
    /// (`extension`): a file calls `UIColor(red:…)` or `store[0]` without spelling the member.
    /// - Parameter factoryOf: for a class method, its class as Objective-C names it.
    mutating func method(owner: String, factoryOf className: String?) {
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
            if SwiftNames.unnamedMembers.contains(renamed.base) { extended(renamed.owner ?? owner, line: piece.line) }
            return
        }
        var names = SwiftNames.methodNames(piece: piece.text, hasParameters: hasParameters, parameterType: parameterType)
        if let className, signature[..<at].contains(where: { $0.isWord("instancetype") || $0.isWord(className) }),
            SwiftNames.isFactory(piece: piece.text, className: className)
        {
            names.append("init")
        }
        if SwiftNames.subscriptPieces.contains(piece.text) { names.append("subscript") }
        for name in names { declare(notes.refined ? "__" + name : name, .member, owner: owner, line: piece.line) }
        if !notes.refined, names.contains(where: SwiftNames.unnamedMembers.contains) { extended(owner, line: piece.line) }
    }

    /// A class given unnamed members, by the names Swift may call it (`SwiftNames.foundationNames`).
    mutating func extended(_ owner: String, line: Int) {
        for name in SwiftNames.foundationNames(owner) { declare(name, .extension, line: line) }
    }

    /// `@property (nonatomic, getter=isOn) BOOL on;`: the property, and its getter's name.
    mutating func property(owner: String) {
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
