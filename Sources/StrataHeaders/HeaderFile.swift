/// A header after the preprocessor's part that needs no other file: its tokens with the
/// branches of `#if` Swift never sees taken out (C++ only, `#if 0`), and its includes, module
/// imports and macro definitions. Every other branch is kept: a header is read for all the
/// platforms at once, so it may declare more than one platform sees, never less.
public struct HeaderFile: Sendable {
    /// The tokens Swift may see, without directives.
    public let tokens: [HeaderToken]
    public let includes: [HeaderInclude]
    public let macros: [HeaderMacro]
    /// What could not be read: the header too large, too many tokens, nested too deep.
    public let uncertainties: [HeaderUncertainty]

    public init(_ bytes: [UInt8]) {
        guard bytes.count <= HeaderLimits.fileBytes else {
            (tokens, includes, macros) = ([], [], [])
            uncertainties = [HeaderUncertainty(line: 1, reason: "larger than \(HeaderLimits.fileBytes >> 20) MB: not read")]
            return
        }
        let (all, truncated) = HeaderLexer.tokens(bytes)
        var pass = Preprocessing(all)
        for (position, token) in all.enumerated() {
            guard token.kind == .directive ? pass.directive(token) : pass.keep(token, at: position) else { break }
        }
        if pass.tooDeep {
            pass.uncertainties.append(HeaderUncertainty(line: pass.tokens.last?.line ?? 1, reason: "`#if` nested more than \(HeaderLimits.nesting) deep: the rest not read"))
        }
        if truncated {
            pass.uncertainties.append(HeaderUncertainty(line: all.last?.line ?? 1, reason: "more than \(HeaderLimits.fileTokens) tokens: the rest not read"))
        }
        (tokens, includes, macros, uncertainties) = (pass.tokens, pass.includes, pass.macros, pass.uncertainties)
    }

    /// Macros never defined where Swift reads a header: C++ compilers' and assemblers'.
    static let neverDefined: Set<String> = ["__cplusplus", "__ASSEMBLER__", "__ASSEMBLY__"]

    /// Whether an `#if`'s branch, and its `#else`, hold only what Swift never sees: C++ or
    /// assembly (`#ifdef __cplusplus`, `#if defined(__ASSEMBLER__) && …`) or nothing (`#if 0`).
    /// Every other condition keeps both.
    static func branches(of directive: String, _ condition: ArraySlice<HeaderToken>) -> (thenSkips: Bool, elseSkips: Bool) {
        let words = Array(condition)
        func never(_ token: HeaderToken) -> Bool { token.kind == .identifier && neverDefined.contains(token.text) }
        switch directive {
        case "ifdef": return (words.first.map(never) ?? false, false)
        case "ifndef": return (false, words.first.map(never) ?? false)
        default:
            if words.count == 1, words[0].kind == .number, Int(words[0].text) == 0 { return (true, false) }
            guard let at = words.firstIndex(where: never), !words.contains(where: { $0.is("|") }) else { return (false, false) }
            // `!defined(__cplusplus)`: the else branch is C++ when that is all the condition says.
            let before = words[..<at].reversed().drop { $0.is("(") || $0.isWord("defined") }
            if before.first?.is("!") == true { return (false, words.count <= 5) }
            return (true, false)
        }
    }

    /// Whether a `define` directive's name is followed by `(` with no blank between: a
    /// function-like macro.
    static func definesFunctionLike(_ directive: String) -> Bool {
        var bytes = directive.utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard bytes.starts(with: "define".utf8) else { return false }
        bytes = bytes.dropFirst(6).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let name = bytes.prefix { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "$") || $0 >= 0x80 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
        return bytes.dropFirst(name.count).first == UInt8(ascii: "(")
    }

    /// `#include <a/b.h>`, `#import "b.h"`; nil for a computed include (`#include MACRO`).
    static func include(_ words: ArraySlice<HeaderToken>, line: Int, name: String) -> HeaderInclude? {
        guard let first = words.first else { return nil }
        if first.kind == .string, first.text.hasPrefix("\"") {
            return HeaderInclude(line: line, path: String(first.text.dropFirst().dropLast(first.text.hasSuffix("\"") && first.text.count > 1 ? 1 : 0)), angled: false)
        }
        guard first.is("<") else { return nil }
        var path = ""
        for word in words.dropFirst() {
            if word.is(">") { return HeaderInclude(line: line, path: path, angled: true) }
            path += word.text
        }
        return nil
    }
}

/// The preprocessor's pass over a header's tokens, one at a time: the `#if` groups open, and
/// what is kept of the tokens, includes and macro definitions.
private struct Preprocessing {
    let all: [HeaderToken]
    var tokens: [HeaderToken] = [], includes: [HeaderInclude] = [], macros: [HeaderMacro] = []
    var uncertainties: [HeaderUncertainty] = []
    /// The `#if` groups open: whether the current branch is skipped, and whether an `#else`
    /// of the group is (a `#ifndef __cplusplus`'s).
    var groups: [(skipping: Bool, elseSkips: Bool)] = []
    var skipping: Bool { groups.last?.skipping ?? false }
    /// `#if` nested too deep: the rest is not read.
    var tooDeep = false
    /// Brackets open in the tokens kept.
    var depth = 0

    init(_ all: [HeaderToken]) {
        self.all = all
        tokens.reserveCapacity(all.count)
    }

    /// A token outside directives kept unless its branch is skipped, and an `@import` noted;
    /// false when brackets nest too deep to read the rest.
    mutating func keep(_ token: HeaderToken, at position: Int) -> Bool {
        guard !skipping else { return true }
        if token.kind == .punctuation {
            if token.text == "(" || token.text == "[" || token.text == "{" {
                depth += 1
                if depth > HeaderLimits.nesting {
                    uncertainties.append(HeaderUncertainty(line: token.line, reason: "brackets nested more than \(HeaderLimits.nesting) deep: the rest not read"))
                    return false
                }
            } else if token.text == ")" || token.text == "]" || token.text == "}" {
                depth = max(0, depth - 1)
            }
        }
        tokens.append(token)
        if token.kind == .atKeyword, token.text == "import" { moduleImport(after: position, line: token.line) }
        return true
    }

    /// `@import Module.Sub;`: the top-level module.
    mutating func moduleImport(after position: Int, line: Int) {
        var name: [String] = []
        var next = position + 1
        while next < all.count, all[next].kind == .identifier || all[next].is(".") {
            if all[next].kind == .identifier { name.append(all[next].text) }
            next += 1
        }
        if let first = name.first { includes.append(HeaderInclude(line: line, module: first)) }
    }

    /// A directive: a conditional opening, switching or closing a group, an include, a macro
    /// defined; false when `#if` nests too deep to read the rest.
    mutating func directive(_ token: HeaderToken) -> Bool {
        let words = HeaderLexer.tokens(Array(token.text.utf8), directives: false, limit: 4096).tokens
        guard let name = words.first?.kind == .identifier ? words.first?.text : nil else { return true }
        let rest = words.dropFirst()
        switch name {
        case "if", "ifdef", "ifndef":
            guard groups.count < HeaderLimits.nesting else {
                tooDeep = true
                return false
            }
            let (thenSkips, elseSkips) = HeaderFile.branches(of: name, rest)
            groups.append((skipping || thenSkips, elseSkips))
        case "elif", "elifdef", "elifndef":
            guard let group = groups.popLast() else { return true }
            let outerSkips = groups.contains { $0.skipping }
            let (thenSkips, elseSkips) = HeaderFile.branches(of: name == "elif" ? "if" : String(name.dropFirst(2)), rest)
            groups.append((outerSkips || thenSkips, elseSkips || group.elseSkips))
        case "else":
            guard let group = groups.popLast() else { return true }
            let outerSkips = groups.contains { $0.skipping }
            groups.append((outerSkips || group.elseSkips, group.elseSkips))
        case "endif":
            _ = groups.popLast()
        case "include", "import", "include_next":
            if !skipping, let include = HeaderFile.include(rest, line: token.line, name: name) { includes.append(include) }
        case "define" where !skipping:
            if let macro = HeaderMacro(Array(rest), line: token.line, functionLike: HeaderFile.definesFunctionLike(token.text)) { macros.append(macro) }
        default:
            break
        }
        return true
    }
}

/// An `#include`, `#import` or `@import` of a header.
public struct HeaderInclude: Hashable, Sendable {
    public var line: Int
    /// The path as written (`Foundation/Foundation.h`), or nil for `@import`.
    public var path: String?
    /// `<…>` rather than `"…"`.
    public var angled: Bool
    /// The module an `@import` names (its top-level module).
    public var module: String?

    public init(line: Int, path: String, angled: Bool) {
        self.line = line
        self.path = path
        self.angled = angled
    }

    public init(line: Int, module: String) {
        self.line = line
        self.module = module
        angled = true
    }
}

/// A `#define`: an object-like macro is a constant Swift imports when its body is a literal
/// (or an expression of literals and such constants); a function-like one Swift never imports.
public struct HeaderMacro: Hashable, Sendable {
    public var name: String
    public var line: Int
    /// `#define F(x) …`: parameters right after the name.
    public var functionLike: Bool
    /// A function-like macro's parameters.
    public var parameters: [String] = []
    public var body: [HeaderToken]

    init?(_ words: [HeaderToken], line: Int, functionLike: Bool) {
        guard let first = words.first, first.kind == .identifier else { return nil }
        name = first.text
        self.line = line
        self.functionLike = functionLike
        if functionLike, let close = words.dropFirst(2).firstIndex(where: { $0.is(")") }) {
            parameters = words[2..<close].filter { $0.kind == .identifier }.map(\.text)
            body = Array(words[(close + 1)...])
        } else {
            body = Array(words.dropFirst(functionLike ? words.count : 1))
        }
    }
}

/// What keeps a module's headers from being read with certainty, where.
public struct HeaderUncertainty: Hashable, Sendable, Comparable {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public static func < (lhs: HeaderUncertainty, rhs: HeaderUncertainty) -> Bool { (lhs.line, lhs.reason) < (rhs.line, rhs.reason) }
}
