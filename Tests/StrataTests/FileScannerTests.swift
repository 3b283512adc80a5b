import StrataModel
import StrataParsing
import StrataScan
import StrataSourceTree
import SwiftParser
import SwiftSyntax
import Testing

@Suite struct FileScannerTests {
    func scan(_ source: String) -> FileFacts { FileScanner.scan(Array(source.utf8)) }

    @Test func recordsEveryImportFormWithItsLine() {
        let facts = scan("""
            import Foundation
            @testable import Home
            @_exported import Entities
            @_implementationOnly import Secret
            @preconcurrency import Combine
            @_spi(Internal) import LocalDataCore
            public import PublicDep
            package import PackageDep
            internal import InternalDep
            import struct Entities.Month
            import Foundation.NSData
            """)
        #expect(facts.imports.map(\.module) == [
            "Foundation", "Home", "Entities", "Secret", "Combine", "LocalDataCore", "PublicDep", "PackageDep",
            "InternalDep", "Entities", "Foundation",
        ])
        #expect(facts.imports.map(\.line) == Array(1...11))
        #expect(facts.imports[1].attributes == ["@testable"])
        #expect(facts.imports[2].attributes == ["@_exported"])
        #expect(facts.imports[3].attributes == ["@_implementationOnly"])
        #expect(facts.imports[4].attributes == ["@preconcurrency"])
        #expect(facts.imports[5].attributes == ["@_spi(Internal)"])
        #expect(facts.imports[6].accessLevel == .public)
        #expect(facts.imports[7].accessLevel == .package)
        #expect(facts.imports[8].accessLevel == .internal)
        #expect(facts.imports[9].declarationKind == "struct")
        #expect(facts.imports[9].symbol == "Month")
        #expect(facts.imports[10].symbol == "NSData")
        #expect(facts.imports[0].condition == nil)
    }

    @Test func aBuiltInAttributeWithASpaceBeforeItsArgumentsIsValid() {
        let source = """
            import UIKit

            @available (iOS 15.0, *)
            public struct Screen {
                @available (*, deprecated, message: "use title")
                public var name: String { "" }
                public func run(_ done: @escaping (Int) -> Void) {}
            }
            @objc (LegacyView) public class View: UIView {}
            """
        let facts = FileScanner.scan(Array(source.utf8))
        #expect(facts.problems.isEmpty)
        #expect(facts.declarations.map { "\($0.name):\($0.line)" } == ["Screen:4", "name:6", "run:7", "View:9"])
        // A type attribute before a function type is left as written, and still parses.
        #expect(FileScanner.scan(Array("let f: @escaping (Int) -> Void = { _ in }\n".utf8)).problems.isEmpty)
    }

    @Test func importsInCommentsAndStringsAreNotImports() {
        let facts = scan("""
            // import Fake
            /* import AlsoFake */
            let text = \"""
            import StillFake
            \"""
            import Real
            """)
        #expect(facts.imports.map(\.module) == ["Real"])
        #expect(facts.imports.first?.line == 6)
    }

    @Test func recordsTheIfConfigConditionAroundAnImport() {
        let facts = scan("""
            #if canImport(UIKit)
            import UIKit
            #elseif os(macOS)
            import AppKit
            #else
            import Foundation
            #endif
            #if DEBUG
            #if swift(>=6.0)
            import Nested
            #endif
            #endif
            """)
        #expect(facts.imports.map(\.module) == ["UIKit", "AppKit", "Foundation", "Nested"])
        #expect(facts.imports.map(\.condition) == [
            "canImport(UIKit)", "!(canImport(UIKit)) && os(macOS)", "!(canImport(UIKit) || os(macOS))",
            "DEBUG && swift(>=6.0)",
        ])
    }

    @Test func recordsParentsInheritanceTraitsAndShortValues() {
        let facts = scan("""
            @main struct App {}
            public final class Item: Base, InjectItem {
                public static let injectId = Ids.item
                @objc public func tap() {}
                public override func run() {}
                public typealias Interface = ItemInject
            }
            extension Item: Equatable { public var `default`: Int { 1 } }
            """)
        let byName = Dictionary(facts.declarations.filter { $0.kind != .extension }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byName["App"]?.traits == [.entryPoint])
        #expect(byName["Item"]?.inherits == ["Base", "InjectItem"] && byName["Item"]?.traits == [.final])
        #expect(byName["injectId"]?.value == "Ids.item" && byName["injectId"]?.traits == [.static, .final])
        #expect(byName["injectId"]?.parent == "Item")
        #expect(byName["tap"]?.traits == [.objc, .final] && byName["run"]?.traits == [.override, .final])
        #expect(byName["Interface"]?.value == "ItemInject")
        #expect(facts.declarations.first { $0.kind == .extension }?.inherits == ["Equatable"])
        #expect(byName["`default`"]?.parent == "Item")
    }

    @Test func referencesAreTheDistinctIdentifiersOutsideCommentsAndStrings() {
        let facts = scan("""
            // Hidden in a comment
            let a = Loader(name: "Hidden in a string \\(shown)")
            let b = a.`default`
            """)
        #expect(facts.references == ["Loader", "a", "b", "default", "name", "shown"])
    }

    /// Identifiers are kept by their bytes: many (the table grows), spelled with and without
    /// backticks (one name), sorted as Strings sort, also beyond ASCII.
    @Test(arguments: [false, true]) func referencesAreSortedAsStringsSort(beyondASCII: Bool) throws {
        var names = (0..<300).map { "v\($0)" } + ["Zeta", "_under", "a"]
        if beyondASCII { names += ["café", "Ωmega", "e"] }
        let source = names.map { "let \($0) = 1" }.joined(separator: "\n") + "\nlet b = a.`default` + `Zeta` + `default`\n"
        let facts = scan(source)
        // Operators too: what a file can name of another module.
        #expect(facts.references == Set(names + ["b", "default", "+"]).sorted())
        // Each with how often and where it is first spelled: `default` twice, with and without backticks.
        let index = try #require(facts.references.firstIndex(of: "default"))
        #expect(facts.referenceCounts[index] == 2 && facts.referenceLines[index] == UInt32(names.count + 1))
        #expect(facts.referenceCounts[facts.references.firstIndex(of: "a")!] == 2)
    }

    /// `trimmedText` is `trimmedDescription` without its copy of the tree, on every node of a
    /// file with comments, blank lines, text beyond ASCII and a syntax error.
    @Test func trimmedTextIsTheTrimmedDescription() {
        let tree = Parser.parse(source: """
            // leading comment
            @available(iOS 13, *)  /* trailing */
            public struct Café<T>: Equatable where T: Hashable {
                let name: [String: T.Type] = [:]  // after
                func f(_ x: Int) -> Int { x + /* inside */ 1 }
                let broken = (1, 
            }

            """)
        var checked = 0
        func check(_ node: Syntax) {
            #expect(node.trimmedText == node.trimmedDescription)
            checked += 1
            for child in node.children(viewMode: .sourceAccurate) { check(child) }
        }
        check(Syntax(tree))
        #expect(checked > 100)
    }

    @Test func countsDeclarationsWithEffectiveAccess() {
        let facts = scan("""
            public protocol Repository { func load() }
            open class Base { public init() {} open func run() {} }
            public struct Month { var days: Int; public let name: String; private func helper() {} }
            enum Mood { case happy }
            private struct Hidden { public func reveal() {} }
            actor Store {}
            public typealias Callback = () -> Void
            public extension Month { func describe() -> String { "" } }
            extension Mood { struct Nested {} }
            func free() { struct LocalIsIgnored {} }
            """)
        let byName = Dictionary(facts.declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byName["Repository"]?.access == .public)
        #expect(byName["load"]?.access == .public)
        #expect(byName["Base"]?.access == .open)
        #expect(byName["run"]?.access == .open)
        #expect(byName["days"]?.access == .internal)
        #expect(byName["name"]?.access == .public)
        #expect(byName["helper"]?.access == .private)
        #expect(byName["Hidden"]?.access == .fileprivate)
        #expect(byName["reveal"]?.access == .fileprivate)
        #expect(byName["Callback"]?.kind == .typealias)
        #expect(byName["describe"]?.access == .public)
        #expect(byName["Nested"]?.kind == .struct)
        #expect(byName["LocalIsIgnored"] == nil)
        let types = facts.declarations.filter(\.kind.isType)
        #expect(types.count == 7)
        #expect(types.filter { $0.kind == .protocol }.count == 1)
        #expect(facts.declarations.filter { $0.kind == .extension }.map(\.name) == ["Month", "Mood"])
    }

    @Test func countsLines() {
        #expect(scan("").lines == 0)
        #expect(scan("import A").lines == 1)
        #expect(scan("import A\nimport B\n").lines == 2)
    }

    @Test func invalidUTF8IsAProblemNotACrash() {
        var bytes = Array("import Foundation\nlet x = \"".utf8)
        bytes += [0xFF, 0xFE, 0xC3, 0x28]
        bytes += Array("\"\n".utf8)
        let facts = FileScanner.scan(bytes)
        #expect(facts.imports.map(\.module) == ["Foundation"])
        #expect(facts.problems.contains { $0.message.contains("not valid UTF-8") })
    }

    @Test func randomBytesAreAProblemNotACrash() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let facts = FileScanner.scan(bytes)
            #expect(!facts.problems.isEmpty)
        }
    }

    /// The word search the scan gates on (injection names, the suppression marker) finds a word
    /// wherever it is, at the buffer's ends too, whichever of its bytes it looks for first.
    @Test func theWordSearchFindsWhatANaiveSearchFinds() {
        var generator = SystemRandomNumberGenerator()
        let words = ["register", "resolve", "Inject", ".Type", "propertyWrapper", "strata:ignore", "gg", "x", "Wa"].map { Array($0.utf8) }
        for _ in 0..<2000 {
            let length = Int.random(in: 0...40, using: &generator)
            var buffer = (0..<length).map { _ in Array("regstajWT.:pxy ".utf8).randomElement(using: &generator)! }
            let word = words.randomElement(using: &generator)!
            if Bool.random(using: &generator), buffer.count >= word.count {
                let at = Int.random(in: 0...(buffer.count - word.count), using: &generator)
                buffer.replaceSubrange(at..<(at + word.count), with: word)
            }
            let naive = buffer.count >= word.count && (0...(buffer.count - word.count)).contains { Array(buffer[$0..<($0 + word.count)]) == word }
            #expect(buffer.withUnsafeBufferPointer { InjectionScanner.contains($0, word) } == naive, "\(String(decoding: buffer, as: UTF8.self)) / \(String(decoding: word, as: UTF8.self))")
        }
    }
}

@Suite struct FileProblemLineTests {
    /// A problem names the line where it starts, so it reads `path:line: warning: ...`.
    @Test func syntaxErrorsAndDeepNestingNameTheirLine() {
        let broken = FileScanner.scan(Array("import Foundation\n\nlet x = [1, 2\nstruct S {}\n".utf8))
        #expect(broken.problems.map(\.line) == [3])
        #expect(broken.problems.first?.message == BoundedParse.syntaxErrorMessage)
        let deep = FileScanner.scan(Array(("import A\n\nlet y = " + String(repeating: "[", count: 20) + "1" + String(repeating: "]", count: 20) + "\n").utf8))
        #expect(deep.problems.contains { $0.line == 3 && $0.message.hasPrefix("nesting too deep") })
        let open = FileScanner.scan(Array(("import A\nlet z = f(" + String(repeating: " \"e(url:", count: 100) + "\n").utf8))
        #expect(open.problems.contains { $0.line == 2 && $0.message.contains("brackets never closed") })
        // The cut end of a file still counts its lines.
        let rest = "\n" + String(repeating: "let a = 1\n", count: 10)
        let cut = FileScanner.scan(Array(("let z = " + String(repeating: "f(", count: 40) + rest).utf8))
        let closed = FileScanner.scan(Array(("let z = " + String(repeating: "f()", count: 40) + rest).utf8))
        #expect(cut.lines == closed.lines && cut.lines > 10)
    }

    /// The rough lexer behind the bracket bounds agrees with Swift's on where literals end:
    /// each source leaves one bracket open, on the line given, and everything else is inside
    /// a string or comment, or closed.
    @Test func bracketBoundsLexStringsAndCommentsAsSwiftDoes() {
        let cases: [(String, Int)] = [
            ("let a = \"x(\n(\n", 2),  // a single-line string ends at its line's end, closed or not
            ("let a = \"\\(f(\")\"))\" + \"(\"\n(", 2),  // an interpolation holds code and strings
            ("let a = #\"a\"(b\"#\n(", 2),  // a raw string ends at `"#`
            ("let a = \"\"\"\n((\n\\(x)\"\n\"\"\"\n(", 5),  // a multi-line string spans lines
            ("/* /* ( */ ( */\n(", 2),  // block comments nest
            ("// (\n(", 2),
            ("let a = [\"\\\"(\", \"(\"]\n(", 2),  // an escaped quote
            ("let a = 1\nswitch x {)\n", 2),  // a closer closes its own kind only
            ("#if A\nlet a = (1)\n#endif\n#if B\n", 4),  // `#if` nests like a bracket
            ("let a = 1\nlet b = [(\n]\n", 2),  // a `(` a `]` closes around was never closed
        ]
        for (source, line) in cases {
            #expect(SourceLexer.measure(Array(source.utf8), unclosed: 0).cut?.line == line, "\(source)")
        }
        // The fuzzer's find: an unclosed string once hid the 4,600 calls left open after it.
        let fuzzed = "let p = Package(\n  url: \"https://e/m\\(t\n" + String(repeating: "= Package(\n", count: 100) + "\"x\"\n"
        #expect(SourceLexer.measure(Array(fuzzed.utf8)).cut?.line == 18)
        // Interpolations nested in a literal and left open by its line's end: cut at the 17th.
        let interpolations = "let a = 1\nlet x = \"" + String(repeating: "\\(a\"", count: 200) + "\nlet y = 2\n"
        let bounded = BoundedParse(Array(interpolations.utf8))
        #expect(bounded.problems.first == FileProblem(line: 2, BoundedParse.unclosedMessage))
        #expect(String(decoding: bounded.source, as: UTF8.self) == "let a = 1\nlet x = \"" + String(repeating: "\\(a\"", count: 16))
        #expect(SourceLexer.measure(Array(("let x = \"" + String(repeating: "\\(a\"", count: 200) + "b" + String(repeating: "\")", count: 200) + "\"\n").utf8)).cut == nil)
    }

    /// A line of thousands of tokens in a type body (the fuzzer's `var a:ar a:ar …`) or a
    /// dictionary literal costs swift-syntax's recovery the square of its length; it is
    /// blanked but for its brackets, with a warning on its line, and the rest of the file is
    /// read. A long line of valid data stays.
    @Test func longLinesOfGarbageAreSkipped() {
        let long = "public struct S {\n  var a:ar" + String(repeating: " a:ar", count: 3000) + " { \"}\" } ( /* ) */ )\n}\npublic struct T {}\n"
        let facts = FileScanner.scan(Array(long.utf8))
        #expect(facts.problems.map(\.line) == [2], "\(facts.problems)")
        #expect(facts.problems.first?.message == BoundedParse.longLineMessage)
        #expect(facts.declarations.map(\.name).sorted() == ["S", "T"], "\(facts.declarations)")
        #expect(facts.declarations.first { $0.name == "T" }?.line == 4)  // lines hold, though bytes were removed
        let blanked = BoundedParse(Array(long.utf8))
        #expect(blanked.problems.first?.line == 2)
        // Brackets kept, the string and the comment gone whole: the lines after parse as before.
        #expect(String(decoding: blanked.source, as: UTF8.self).split(separator: "\n")[1].filter { $0 != " " } == "{}()")
        // Each fuzzer find, and the line that goes; the last one is garbage over many short
        // lines, where recovery looks across them, so the file's bound counts.
        let garbage: [(String, Int)] = [
            ("let a = [\"a\": 1,\n" + String(repeating: " \"K  \"K", count: 3000) + "]\n", 2),
            ("let a = [\"a\": .framework" + String(repeating: "##endk", count: 6000) + "]\n", 1),
            ("enum E {\n  var a: Int {\n" + String(repeating: "switch self ", count: 4000) + "\n}\n}\n", 3),
            ("let a = " + String(repeating: "im<", count: 2000) + "\nlet b: Dictionary<String, Array<Set<Int>>> = [:]\n", 1),
            ("let package" + String(repeating: " package", count: 6000) + " = 1\n", 1),
            ("let p = Package(from: \"5.9.0\"" + String(repeating: "5.9.0\"", count: 4000) + ")\n", 1),
            ("struct S {\n  var a: S" + String(repeating: ": S", count: 3000) + "\n}\n", 2),
            ("let a = 1\n" + String(repeating: "  @Kit x\n", count: 2000), 2),
        ]
        for (source, line) in garbage {
            #expect(SourceLexer.measure(Array(source.utf8)).longLine == line, "\(source.prefix(60))")
        }
        // Valid code over as many lines: labels in parentheses, attributes, availability.
        let valid = String(repeating: "@MainActor @objc public final class C: B { func move(to point: P) -> some V { f(a b) } }\n@available(iOS 13, *) let x = y\n", count: 2000)
        #expect(SourceLexer.measure(Array(valid.utf8)).longLine == nil)
        // Valid code's colons are separated: labels, dictionaries, ternaries, cases.
        let separated = "let a = f(" + String(repeating: "a: [b: c ? d : e], ", count: 3000) + ")\n"
        #expect(SourceLexer.measure(Array(separated.utf8)).longLine == nil)
        // Long lines of valid data or calls: untouched.
        let data = "let bytes: [UInt8] = [" + String(repeating: "0x01, ", count: 100_000) + "]\nf(" + String(repeating: "a: \"b\" + c, ", count: 20000) + ")\n"
        #expect(SourceLexer.measure(Array(data.utf8)).longLine == nil)
        // Shorter lines of garbage add up: of 300 lines of 600 words, the last ones go by the
        // lines' bound, and all of them by the file's.
        let many = String(repeating: String(repeating: "a ", count: 600) + "\n", count: 300)
        let bounded = BoundedParse(Array(many.utf8))
        #expect(bounded.problems.first?.line == 1 && bounded.source.allSatisfy { $0 == UInt8(ascii: "\n") })
    }
}

/// The symbol index the declaration walk records: qualified scopes, types, stored properties,
/// interfaces spelled as values.
@Suite struct SymbolIndexTests {
    @Test func declarationsCarryTheirQualifiedScopeTypeAndTraits() {
        let facts = FileScanner.scan(Array("""
            enum Settings {
                enum Action: String { case a
                    var coordinatorName: String { "" }
                }
            }
            extension Settings.Action { static let all = [Settings.Action.a] }
            final class DIContainer {
                static let shared = DIContainer()
                private var factories = [String: () -> Any]()
                var count: Int { factories.count }
                func resolve<T>(_ type: T.Type) -> T? { nil }
            }
            struct Client: Sendable { var run: @Sendable () async -> Void; var stop: (() -> Void)? = nil; func twice() { } }
            struct Screen: Representable { let make: () -> Int; func body() -> Int { make() } }
            """.utf8))
        func find(_ name: String) -> DeclarationFact? { facts.declarations.first { $0.name == name && $0.kind != .extension } }
        #expect(find("coordinatorName")?.scope == "Settings.Action" && find("coordinatorName")?.parent == "Action")
        #expect(find("coordinatorName")?.qualifiedName == "Settings.Action.coordinatorName")
        #expect(find("Action")?.scope == "Settings" && find("Action")?.path == nil)
        #expect(find("all")?.scope == "Settings.Action" && find("all")?.traits.contains(.stored) == false)
        #expect(find("shared")?.type == "DIContainer")
        #expect(find("factories")?.type == "[String: () -> Any]" && find("factories")?.traits.contains(.stored) == true)
        #expect(find("count")?.type == nil && find("count")?.traits.contains(.stored) == false)
        #expect(find("resolve")?.type == "(_ type: T.Type) -> T?" && find("twice")?.type == nil)
        #expect(find("Client")?.traits.contains(.interface) == true)
        #expect(find("Screen")?.traits.contains(.interface) == false)
        #expect(find("DIContainer")?.traits.contains(.interface) == false)
    }
}
