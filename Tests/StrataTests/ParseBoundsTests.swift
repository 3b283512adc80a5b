import Foundation
import StrataModel
import StrataParsing
import StrataSourceTree
import Testing

/// The bounded parse of any bytes takes time linear in their size: for each kind of garbage
/// the bounds handle, generated at size n and 4n, the larger takes less than 8 times as long
/// (quadratic would be 16, what the bounds take out is worse), each timed as the best of five
/// runs, one kind at a time, so a loaded machine does not fail it.
@Suite(.serialized) struct ParseBoundsTests {
    /// Kinds of garbage, each `unit` repeated `n` times around a fixed start and end.
    enum Garbage: String, CaseIterable, CustomTestStringConvertible {
        case arraysNested, parenthesesNested, bracketsLeftOpen, callsLeftOpenAroundStrings, bracesClosedByParentheses
        case longLineInATypeBody, keysInADictionary, wordsRepeated, colonsInARow, generics, statementsAfterNames
        case attributesOverLines, attributesSpaced, poundsInARow, ifWithoutEndif
        case interpolationsLeftOpen, keyPathsInInterpolations, stringsLeftOpen, commentsLeftOpen
        case invalidUTF8, longIdentifier, validCode

        var testDescription: String { rawValue }

        func source(_ n: Int) -> [UInt8] {
            func repeated(_ start: String, _ unit: String, _ end: String = "\n") -> [UInt8] {
                Array((start + String(repeating: unit, count: n) + end).utf8)
            }
            switch self {
            case .arraysNested: return repeated("let x = ", "[") + repeated("", "]")
            case .parenthesesNested: return repeated("let x = ", "(") + repeated("1", ")")
            case .bracketsLeftOpen: return repeated("let x = ", "f(", "\n" + String(repeating: " ", count: 4 * n))
            case .callsLeftOpenAroundStrings: return repeated("let x = f(", " \"e(url:")
            case .bracesClosedByParentheses: return repeated("func f() {\n", "switch x {)\n")
            case .longLineInATypeBody: return repeated("struct S {\n  var a:ar", " a:ar", "\n}\n")
            case .keysInADictionary: return repeated("let a = [\"a\": 1,\n", " \"K  \"K", "]\n")
            case .wordsRepeated: return repeated("let package", " package", " = 1\n")
            case .colonsInARow: return repeated("struct S {\n  var a: S", ": S", "\n}\n")
            case .generics: return repeated("let a = ", "im<")
            case .statementsAfterNames: return repeated("enum E {\n  var a: Int {\n", "switch self ", "\n}\n}\n")
            case .attributesOverLines: return repeated("let a = 1\n", "  @Kit x\n")
            case .attributesSpaced: return repeated("", "@available (iOS 13, *) public func f() {}\n")
            case .poundsInARow: return repeated("let a = [\"a\": .framework", "##endk", "]\n")
            case .ifWithoutEndif: return repeated("", "#if A\nlet a = 1\n")
            case .interpolationsLeftOpen: return repeated("let x = \"", "\\(a\"", "\nlet y = 2\n")
            case .keyPathsInInterpolations: return repeated("let x = \"", "\\(a/", "\n")
            case .stringsLeftOpen: return repeated("", "let a = \"x(\n")
            case .commentsLeftOpen: return repeated("let a = 1\n", "/* (\n")
            case .invalidUTF8:
                return (0..<n).flatMap { _ in Array("let a = \"".utf8) + [0xFF, 0xC3, 0x28] + Array("\"\n".utf8) }
            case .longIdentifier: return repeated("let ", "a", " = 1\n")
            case .validCode: return repeated("", "public struct S<T: P>: Q where T.A == Int { @MainActor func f(a b: [T]) -> some V { g(\"\\(b)\") } }\n")
            }
        }

        /// How many units make a source that takes a measurable time in a debug build.
        var n: Int {
            switch self {
            case .arraysNested, .parenthesesNested, .bracketsLeftOpen, .generics, .ifWithoutEndif: 2_000
            case .longIdentifier: 40_000
            case .invalidUTF8, .validCode, .attributesSpaced, .stringsLeftOpen, .commentsLeftOpen: 400
            default: 1_500
            }
        }
    }

    /// One run of the bounded parse, in seconds.
    static func seconds(_ source: [UInt8]) -> Double {
        let start = ContinuousClock.now
        _ = LargeStack.run { BoundedParse(source) }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Each size timed as the best of five runs, the two sizes taking turns: a burst of load
    /// from other processes slows both alike rather than only the larger.
    @Test(arguments: Garbage.allCases) func boundedParseGrowsLinearly(_ garbage: Garbage) {
        let sources = (garbage.source(garbage.n), garbage.source(4 * garbage.n))
        var small = Double.infinity, large = Double.infinity
        for _ in 0..<5 {
            small = min(small, Self.seconds(sources.0))
            large = min(large, Self.seconds(sources.1))
        }
        #expect(large < 8 * small + 0.05, "\(garbage): \(small) s at n, \(large) s at 4n")
    }

    /// The fuzzer's finds of Swift (`Tests/Hostile/fuzzed/`): each is parsed to the end and
    /// reported with what its bound says. (`FuzzTests` replays all of them through their readers.)
    @Test func fuzzerFindsAreBoundedAndReported() throws {
        let expected: [String: String] = [
            "package-swift-calls-inside-an-array.txt": BoundedParse.unclosedMessage,
            "package-swift-hang-2.txt": BoundedParse.unclosedMessage,
            "package-swift-hang.txt": BoundedParse.unclosedMessage,
            "package-swift-pound-run.txt": BoundedParse.longLineMessage,
            "package-swift-repeated-keyword.txt": BoundedParse.longLineMessage,
            "swift-source-braces-closed-by-parens.txt": BoundedParse.unclosedMessage,
            "swift-source-colon-run.txt": BoundedParse.longLineMessage,
            "swift-source-generics-nested.txt": BoundedParse.longLineMessage,
            "swift-source-if-without-endif.txt": BoundedParse.unclosedMessage,
            "swift-source-keypath-in-interpolation.txt": BoundedParse.unclosedMessage,
            "swift-source-statements-in-a-row.txt": BoundedParse.longLineMessage,
            "tuist-attributes-over-lines.txt": BoundedParse.longLineMessage,
            "tuist-brackets-left-open-then-blank.txt": BoundedParse.unclosedMessage,
            "tuist-calls-inside-an-array.txt": BoundedParse.unclosedMessage,
            "tuist-long-line.txt": BoundedParse.longLineMessage,
            "tuist-project-hang.txt": BoundedParse.unclosedMessage,
        ]
        let folder = repositoryRoot + "/Tests/Hostile/fuzzed/"
        for (name, message) in expected.sorted(by: { $0.key < $1.key }) {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + name)))
            let start = ContinuousClock.now
            let parsed = LargeStack.run { BoundedParse(bytes) }
            #expect(ContinuousClock.now - start < .seconds(20), "\(name)")
            #expect(parsed.problems.contains { $0.message == message }, "\(name): \(parsed.problems)")
        }
    }

    /// A file no bound changes is parsed as written: the pass finds nothing in valid code.
    @Test func validCodeIsParsedAsWritten() throws {
        let source = Array(try String(contentsOfFile: repositoryRoot + "/Sources/StrataParsing/SourceLexer.swift", encoding: .utf8).utf8)
        #expect(SourceLexer.measure(source).changesNothing)
        let parsed = BoundedParse(source)
        #expect(parsed.source == source && parsed.problems.isEmpty)
    }
}
