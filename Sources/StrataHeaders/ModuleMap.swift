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
        let tokens = HeaderLexer.tokens(bytes, directives: false, limit: HeaderLimits.fileTokens).tokens
        var modules: [Module] = []
        var at = 0
        while at < tokens.count {
            if tokens[at].isWord("module"), let module = Self.module(tokens, at: &at, depth: 0) {
                modules.append(module)
            } else {
                at += 1
            }
        }
        self.modules = modules
    }

    /// The module `import name` reads; the only one when there is one (SwiftPM names it
    /// after the target).
    public func module(named name: String) -> Module? {
        modules.first { $0.name == name } ?? (modules.count == 1 ? modules.first : nil)
    }

    /// The module whose `module` keyword is at `at` (after `explicit`/`framework` were passed),
    /// with its submodules Swift sees merged in; `at` past its closing brace.
    private static func module(_ tokens: [HeaderToken], at: inout Int, depth: Int) -> Module? {
        at += 1
        // `module Name [system] [extern_c] {`, `module * {`.
        guard at < tokens.count else { return nil }
        var module = Module(name: tokens[at].kind == .identifier ? tokens[at].text : "*")
        while at < tokens.count, !tokens[at].is("{") {
            if tokens[at].is("}") || tokens[at].isWord("module") { return nil }
            at += 1
        }
        at += 1
        var explicit = false
        while at < tokens.count, !tokens[at].is("}") {
            let token = tokens[at]
            let next = at + 1 < tokens.count ? tokens[at + 1] : nil
            func string(after offset: Int) -> String? {
                guard at + offset < tokens.count, tokens[at + offset].kind == .string else { return nil }
                return String(tokens[at + offset].text.dropFirst().dropLast())
            }
            switch token.kind == .identifier ? token.text : "" {
            case "explicit":
                explicit = true
                at += 1
                continue
            case "framework", "extern":
                at += 1
                continue
            case "module":
                if depth < HeaderLimits.nesting, let sub = Self.module(tokens, at: &at, depth: depth + 1) {
                    if !explicit {
                        module.umbrellaHeaders += sub.umbrellaHeaders
                        module.umbrellaFolders += sub.umbrellaFolders
                        module.headers += sub.headers
                        module.exportsAll = module.exportsAll || sub.exportsAll
                        module.requiresCplusplus = module.requiresCplusplus || sub.requiresCplusplus
                    }
                } else {
                    at += 1
                }
                explicit = false
                continue
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
                continue
            case "header":
                if let path = string(after: 1) { module.headers.append(path) }
                at += 2
                continue
            case "private", "textual", "exclude":
                // Not part of what Swift imports: skipped with their path.
                at += next?.isWord("header") == true ? 3 : 1
                continue
            case "export":
                if next?.is("*") == true { module.exportsAll = true }
                at += 2
                continue
            case "requires":
                at += 1
                while at < tokens.count, tokens[at].kind == .identifier || tokens[at].is(",") || tokens[at].is("!") {
                    if tokens[at].isWord("cplusplus") || tokens[at].text.hasPrefix("cplusplus") {
                        let negated = at > 0 && tokens[at - 1].is("!")
                        if !negated { module.requiresCplusplus = true }
                    }
                    at += 1
                }
                continue
            default:
                break
            }
            if token.is("{") {
                // A block of something not read (`config_macros`…): past it.
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
            at += 1
        }
        at += 1
        return module
    }
}
