/// A `module.modulemap` read for what `import Name` gives Swift: the module's umbrella header
/// or folder, its headers, and whether it re-exports what they include (`export *`), the
/// submodules that are not `explicit` included (Swift sees those with their parent).
public struct ModuleMap: Hashable, Sendable {
    public struct Module: Hashable, Sendable {
        public var name: String
        /// Paths as written, relative to the module map's folder.
        public var umbrellaHeaders: [String] = []
        public var umbrellaFolders: [String] = []
        public var headers: [String] = []
        /// `export *` (in the module or a submodule Swift sees).
        public var exportsAll = false
        /// `requires cplusplus`: Swift reads it only with C++ interoperability.
        public var requiresCplusplus = false
    }

    /// The top-level modules, in order.
    public var modules: [Module]

    public init(_ bytes: [UInt8]) {
        var parser = Parser(tokens: HeaderLexer.tokens(bytes, directives: false, limit: HeaderLimits.fileTokens).tokens)
        var modules: [Module] = []
        while parser.at < parser.tokens.count {
            if parser.tokens[parser.at].isWord("module"), let module = parser.module(depth: 0) {
                modules.append(module)
            } else {
                parser.at += 1
            }
        }
        self.modules = modules
    }

    /// The module `import name` reads; the only one when there is one (SwiftPM names it
    /// after the target).
    public func module(named name: String) -> Module? {
        modules.first { $0.name == name } ?? (modules.count == 1 ? modules.first : nil)
    }
}

/// A module map's tokens read from `at` on.
private struct Parser {
    let tokens: [HeaderToken]
    var at = 0

    /// The module whose `module` keyword is at `at` (after `explicit`/`framework` were passed),
    /// with its submodules Swift sees merged in; `at` past its closing brace.
    mutating func module(depth: Int) -> ModuleMap.Module? {
        at += 1
        // `module Name [system] [extern_c] {`, `module * {`.
        guard at < tokens.count else { return nil }
        var module = ModuleMap.Module(name: tokens[at].kind == .identifier ? tokens[at].text : "*")
        while at < tokens.count, !tokens[at].is("{") {
            if tokens[at].is("}") || tokens[at].isWord("module") { return nil }
            at += 1
        }
        at += 1
        var explicit = false
        while at < tokens.count, !tokens[at].is("}") {
            let token = tokens[at]
            if token.isWord("explicit") {
                explicit = true
                at += 1
            } else if token.isWord("module") {
                submodule(of: &module, explicit: explicit, depth: depth)
                explicit = false
            } else if token.kind != .identifier || !member(token.text, of: &module) {
                if token.is("{") { skipBlock() }
                at += 1
            }
        }
        at += 1
        return module
    }

    /// A submodule: what Swift sees of it (all but an `explicit` one's) merged into `module`.
    mutating func submodule(of module: inout ModuleMap.Module, explicit: Bool, depth: Int) {
        guard depth < HeaderLimits.nesting, let sub = self.module(depth: depth + 1) else {
            at += 1
            return
        }
        guard !explicit else { return }
        module.umbrellaHeaders += sub.umbrellaHeaders
        module.umbrellaFolders += sub.umbrellaFolders
        module.headers += sub.headers
        module.exportsAll = module.exportsAll || sub.exportsAll
        module.requiresCplusplus = module.requiresCplusplus || sub.requiresCplusplus
    }

    /// A member declaration starting with `word` read into `module`, `at` past it; false when
    /// the word starts none.
    mutating func member(_ word: String, of module: inout ModuleMap.Module) -> Bool {
        let next = at + 1 < tokens.count ? tokens[at + 1] : nil
        switch word {
        case "framework", "extern":
            at += 1
        case "umbrella":
            if next?.isWord("header") == true, let path = string(after: 2) {
                module.umbrellaHeaders.append(path)
                at += 3
            } else if let path = string(after: 1) {
                module.umbrellaFolders.append(path)
                at += 2
            } else {
                at += 1
            }
        case "header":
            if let path = string(after: 1) { module.headers.append(path) }
            at += 2
        case "private", "textual", "exclude":
            // Not part of what Swift imports: skipped with their path.
            at += next?.isWord("header") == true ? 3 : 1
        case "export":
            if next?.is("*") == true { module.exportsAll = true }
            at += 2
        case "requires":
            requirements(of: &module)
        default:
            return false
        }
        return true
    }

    /// `requires objc, !cplusplus`: whether the module needs C++.
    mutating func requirements(of module: inout ModuleMap.Module) {
        at += 1
        while at < tokens.count, tokens[at].kind == .identifier || tokens[at].is(",") || tokens[at].is("!") {
            if tokens[at].isWord("cplusplus") || tokens[at].text.hasPrefix("cplusplus") {
                let negated = at > 0 && tokens[at - 1].is("!")
                if !negated { module.requiresCplusplus = true }
            }
            at += 1
        }
    }

    /// The path string `offset` tokens after `at`, without its quotes.
    func string(after offset: Int) -> String? {
        guard at + offset < tokens.count, tokens[at + offset].kind == .string else { return nil }
        return String(tokens[at + offset].text.dropFirst().dropLast())
    }

    /// A block of something not read (`config_macros`…): `at` on its closing brace.
    mutating func skipBlock() {
        var depth = 0
        while at < tokens.count {
            if tokens[at].is("{") { depth += 1 }
            if tokens[at].is("}") {
                depth -= 1
                if depth == 0 { break }
            }
            at += 1
        }
    }
}
