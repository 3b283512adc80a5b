import Foundation

/// What one hostile or broken file may cost: the bounds discovery and scanning share, so a
/// committed file can neither crash a run nor stall it. Each bound is reported, with the
/// file, when a file reaches it.
public enum InputLimits {
    /// The nesting swift-syntax parses (`maximumNestingLevel`; deeper code is left unparsed
    /// and reported). The same in debug and release builds, where swift-syntax's defaults differ.
    public static let swiftNesting = 256

    /// `[` directly inside `[` (`[[[…]]]`): swift-syntax 603's lookahead for inline array
    /// types takes about twice as long for each one more (25 in a row: 17 s in a release
    /// build), so the contents of longer runs are blanked before parsing (`BracketRuns`).
    public static let consecutiveBrackets = 12

    /// Brackets left open at the end of a file (`(`, `[`, `{` never closed): parsing time grows
    /// with about their cube (800 calls left open: 10 s), so the file is read up to the 33rd
    /// (`BracketRuns.limitUnclosed`). An unfinished edit leaves a few.
    public static let unclosedBrackets = 32

    /// The stack of every thread that parses or walks syntax trees: recursion follows the
    /// nesting of the input, up to `swiftNesting` levels (a debug build needs about 4 MB for
    /// them); only the pages used are ever touched.
    public static let stackSize = 64 << 20

    /// The most bytes read of one file: generated sources of tens of megabytes are read
    /// whole; a link to `/dev/zero` is not.
    public static let maximumFileSize = 256 << 20

    /// The deepest folder the walk enters; deeper ones are reported and left out.
    public static let maximumDirectoryDepth = 256
}

/// Runs work on threads with `InputLimits.stackSize` stacks: the default stacks of Dispatch's
/// worker threads are too small for syntax trees nested a few hundred levels deep.
public enum LargeStack {
    /// `body(0..<iterations)` spread over one thread per core, each with a large stack;
    /// returns when all are done.
    public static func concurrentPerform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard iterations > 0 else { return }
        let next = Counter()
        let threads = min(iterations, max(1, ProcessInfo.processInfo.activeProcessorCount))
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            let thread = Thread {
                while let index = next.take(below: iterations) { body(index) }
                done.leave()
            }
            thread.stackSize = InputLimits.stackSize
            thread.start()
        }
        done.wait()
    }

    /// `body` on one thread with a large stack, the caller waiting for its result.
    public static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try withoutActuallyEscaping(body) { body in
            let box = UncheckedBox(body: body)
            concurrentPerform(iterations: 1) { _ in box.run() }
            return try box.result!.get()
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take(below limit: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }

    /// Hands a closure and its result across the one thread that runs it while the caller waits.
    private final class UncheckedBox<Result>: @unchecked Sendable {
        private var body: (() throws -> Result)?
        var result: Swift.Result<Result, any Error>?
        init(body: @escaping () throws -> Result) { self.body = body }

        /// Runs the body once and lets go of it, so it does not outlive the caller's wait.
        func run() {
            result = Swift.Result { try body!() }
            body = nil
        }
    }
}

/// Defuses `[[[…]]]` before swift-syntax parses it (see `InputLimits.consecutiveBrackets`).
public enum BracketRuns {
    /// The bytes as swift-syntax may parse them in bounded time: long `[` runs blanked
    /// (`limit`), then everything after too many brackets never closed (`limitUnclosed`);
    /// with the line where each began, when it did.
    public static func bounded(_ bytes: [UInt8]) -> (bytes: [UInt8], deepRun: Int?, unclosed: Int?) {
        let (runs, deepRun) = limit(bytes)
        let (result, unclosed) = limitUnclosed(runs)
        return (result, deepRun, unclosed)
    }

    /// The bytes with every `[` that follows more than `limit` `[` in a row (whitespace
    /// between them allowed) removed up to its matching `]`, all but the newlines, so line
    /// numbers hold (and lookahead has no long gap to lex again and again); and the line of
    /// the first such run, nil (and the bytes untouched) when there is none. Strings and
    /// comments are skipped roughly (`"`, `//`, `/*`), which is enough: a run missed in a
    /// string costs nothing, a run removed wrongly loses a few facts of a reported file.
    public static func limit(_ bytes: [UInt8], to limit: Int = InputLimits.consecutiveBrackets) -> (bytes: [UInt8], line: Int?) {
        var result: [UInt8] = []
        var copied = 0  // bytes before this offset are in `result` (or removed)
        var firstLine: Int?
        var line = 1
        var run = 0
        var index = 0
        let count = bytes.count
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "["):
                run += 1
                guard run > limit else { break }
                firstLine = firstLine ?? line
                if result.isEmpty { result.reserveCapacity(count) }
                result += bytes[copied..<index]
                // Up to the matching `]`, both removed: the `[` before holds nothing, `[]`.
                var depth = 1
                index += 1
                while index < count {
                    if bytes[index] == UInt8(ascii: "[") { depth += 1 }
                    if bytes[index] == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    if bytes[index] == UInt8(ascii: "\n") {
                        line += 1
                        result.append(UInt8(ascii: "\n"))
                    }
                    index += 1
                }
                copied = min(index + 1, count)
                run = 0
            case UInt8(ascii: "\""), UInt8(ascii: "/"):
                // A string ends a run; a comment inside one does not.
                let string = bytes[index] == UInt8(ascii: "\"")
                if !skipStringOrComment(bytes, &index, &line) || string { run = 0 }
            default:
                run = 0
            }
            index += 1
        }
        guard firstLine != nil else { return (bytes, nil) }
        result += bytes[copied...]
        return (result, firstLine)
    }

    /// At `bytes[index]` on a `"` or a `/` that starts a comment: moves `index` to the last
    /// byte of the string or comment (counting its lines) and returns true; false otherwise.
    /// Rough (no raw strings, no interpolation), which is enough for bounding.
    static func skipStringOrComment(_ bytes: [UInt8], _ index: inout Int, _ line: inout Int) -> Bool {
        let count = bytes.count
        switch bytes[index] {
        case UInt8(ascii: "\""):
            index += 1
            while index < count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                if index < count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            return true
        case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
            while index + 1 < count, bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            return true
        case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
            index += 2
            while index + 1 < count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            index += 1
            return true
        default:
            return false
        }
    }

    /// The bytes with everything after the `limit`-th bracket that is never closed blanked
    /// (newlines kept), and the line of that bracket; nil (bytes untouched) when at most
    /// `limit` stay open. swift-syntax's recovery looks ahead to the end of the file for each
    /// open bracket, nested: a fuzzed manifest with 1,000 calls left open took minutes.
    public static func limitUnclosed(_ bytes: [UInt8], to limit: Int = InputLimits.unclosedBrackets) -> (bytes: [UInt8], line: Int?) {
        var open: [(offset: Int, line: Int)] = []
        var line = 1
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): open.append((index, line))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): _ = open.popLast()
            case UInt8(ascii: "\""), UInt8(ascii: "/"): _ = skipStringOrComment(bytes, &index, &line)
            default: break
            }
            index += 1
        }
        guard open.count > limit else { return (bytes, nil) }
        let cut = open[limit]
        var result = Array(bytes[..<cut.offset])
        result.reserveCapacity(bytes.count)
        for byte in bytes[cut.offset...] { result.append(byte == UInt8(ascii: "\n") ? byte : UInt8(ascii: " ")) }
        return (result, cut.line)
    }
}
