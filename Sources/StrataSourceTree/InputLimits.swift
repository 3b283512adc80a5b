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
    /// with about their cube (800 calls left open: 10 s), and the time to look past
    /// whitespace and comments after them doubles with every two more (32 open: 250 µs a
    /// byte; 16: about 1 µs), so the file is read up to the 17th
    /// (`BracketRuns.limitUnclosed`). An unfinished edit leaves a few.
    public static let unclosedBrackets = 16

    /// What one line may cost swift-syntax's error recovery: it lexes ahead to the end of the
    /// line for each token it cannot place, so a line of garbage costs about the square of its
    /// length (a fuzzed `var a:ar a:ar …` in a type body, 60 KB: 22 s in a release build;
    /// `"K "K "K …` in a dictionary literal, 100 KB: 38 s). Tokens it cannot place are
    /// counted as juxtapositions: two names, numbers, strings, `#names` or `@names` with
    /// nothing between them, which valid code has only next to a keyword (`BracketRuns.Atom`
    /// says which pairs count), or two `:` with no `,`, `?`, `;` or bracket between them. A
    /// line whose juxtapositions times bytes pass `lineRecoveryCost`
    /// (about half a second) is blanked but for its brackets (`BracketRuns.limitLongLines`),
    /// and so are lines past 65,536 once they add up to `fileRecoveryCost`; when the file's
    /// juxtapositions times its bytes pass `lineRecoveryCost`, every line with one is. A long
    /// line of valid data, one array literal of 100,000 numbers, costs nothing and stays.
    public static let lineRecoveryCost = 1 << 24
    public static let fileRecoveryCost = 1 << 26

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
    /// A byte offset and its line.
    typealias Position = (offset: Int, line: Int)

    /// The bytes as swift-syntax may parse them in bounded time: long `[` runs blanked
    /// (`limit`), lines its recovery would rescan emptied (`limitLongLines`), then everything
    /// after too many brackets never closed cut (`limitUnclosed`); with the line where each
    /// began, when it did.
    public static func bounded(_ bytes: [UInt8]) -> (bytes: [UInt8], deepRun: Int?, unclosed: Int?, longLine: Int?) {
        let (runs, deepRun) = limit(bytes)
        let (short, longLine) = limitLongLines(runs)
        let (result, unclosed) = limitUnclosed(short)
        return (result, deepRun, unclosed, longLine)
    }

    /// The warning for a file `limitLongLines` changed.
    public static let longLineMessage = "a line too long for the parser to recover from its syntax errors in bounded time; its contents were skipped"

    enum Atom {
        enum Word { case name, keyword, statement }
        case word(Word), number, string, pound, attribute

        /// Whether the two, one after the other with nothing between them, are garbage: not
        /// after or before a keyword (`let a`, `@objc func`, `x as T`) but a keyword that
        /// starts a statement after a name, number or string (`self switch`); not a number
        /// after a name (`iOS 13`), not attributes in a row (`@MainActor @objc`), not a name
        /// after a directive (`#if DEBUG`); inside parentheses, not two names (a parameter's
        /// label and name, `move(to point: P)`).
        func juxtaposes(with next: Atom, inParentheses: Bool) -> Bool {
            switch (self, next) {
            case (.word(.name), .word(.statement)), (.number, .word(.statement)), (.string, .word(.statement)): true
            case (.word(.keyword), _), (.word(.statement), _), (_, .word(.keyword)), (_, .word(.statement)),
                (_, .number), (.attribute, .attribute), (.pound, .word): false
            case (.word, .word): !inParentheses
            default: true
            }
        }
    }

    /// Swift's keywords that start a statement or declaration, and those that may come
    /// after a name (`as`, `in`, `where`) or before one (`some`, `inout`); `self`, `nil`,
    /// `true` and the like are names here.
    static let statementKeywords = words("""
        let var func init deinit subscript struct class enum protocol extension actor typealias associatedtype
        import do defer guard if switch for repeat break continue fallthrough return throw try await
        """)
    static let keywords = words("""
        some any _ in is as catch else case default while throws rethrows async where
        public private internal fileprivate open package static final override required convenience mutating
        nonmutating dynamic optional lazy weak unowned indirect get set willSet didSet infix prefix postfix
        operator precedencegroup associativity higherThan lowerThan assignment left right none borrowing
        consuming consume copy each sending isolated nonisolated distributed macro discard then unsafe inout
        """)
    static func words(_ text: String) -> Set<ArraySlice<UInt8>> {
        Set(text.split(whereSeparator: \.isWhitespace).map { ArraySlice($0.utf8) })
    }

    /// A byte of a name or number (`_`, `$`, letters, digits, anything not ASCII).
    static func isWord(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Where `closer` closes among `open`: the innermost opener of its own kind (`(` for `)`,
    /// `[` for `]`, `{` for `}`), as the parser takes it, so `{)` leaves the `{` open. Only
    /// the innermost 256 are looked at, so `{{{…)))` stays linear; nil when none matches.
    static func match<T>(_ closer: UInt8, in open: [T], kind: (T) -> UInt8) -> Int? {
        let opener = closer == UInt8(ascii: ")") ? UInt8(ascii: "(") : closer - 2
        return open.indices.suffix(256).last { kind(open[$0]) == opener }
    }

    /// The bytes with each line that `InputLimits.lineRecoveryCost` bounds emptied but for its
    /// brackets and newlines (strings and comments that start on it removed whole), so the
    /// lines after it parse as before, and the line of the first; nil (bytes untouched) when
    /// there is none. Removed, not blanked, as `limitUnclosed` explains: offsets change,
    /// lines do not.
    public static func limitLongLines(_ bytes: [UInt8]) -> (bytes: [UInt8], line: Int?) {
        var long: [Range<Int>] = []
        var spent = 0
        var lineStart = 0, juxtaposed = 0, line = 1
        var previous: Atom?  // the last token, when it was a word, number, string or name
        var afterColon = false  // a `:` came since the last `,`, `?`, `;` or bracket
        var open: [UInt8] = []  // the brackets open, innermost last (at most 1,024 kept)
        var firstLine: Int?
        // Lines with juxtapositions, for the file's bound: recovery may look across lines.
        var withJuxtapositions: [(range: Range<Int>, line: Int)] = []
        var events = 0
        // `a<b<c<…` nested on one line: swift-syntax looks ahead for the end of each generic
        // argument list (2,000 deep: 0.9 s, 4 times as long for twice as many).
        var angles = 0
        func endLine(at end: Int) {
            let cost = (end - lineStart) * juxtaposed
            if cost > InputLimits.lineRecoveryCost || (cost > 1 << 16 && spent + cost > InputLimits.fileRecoveryCost)
                || angles > InputLimits.unclosedBrackets {
                long.append(lineStart..<end)
                firstLine = firstLine ?? line
            } else {
                if cost > 1 << 16 { spent += cost }
                if juxtaposed > 0 { withJuxtapositions.append((lineStart..<end, line)) }
            }
            events += juxtaposed
            juxtaposed = 0
            angles = 0
            previous = nil
            afterColon = false
        }
        var previousWord: ArraySlice<UInt8> = []
        func atom(_ this: Atom, word: ArraySlice<UInt8> = []) {
            // The same word twice in a row is garbage even when it is a keyword (`package
            // package …`, 45 KB: 2.5 s).
            if let previous, previous.juxtaposes(with: this, inParentheses: open.last == UInt8(ascii: "("))
                || (!word.isEmpty && word == previousWord) {
                juxtaposed += 1
            }
            previous = this
            previousWord = word
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                endLine(at: index)
                line += 1
                lineStart = index + 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            case UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "/"):
                let before = line
                var ignored: [Position] = []
                let comment = byte == UInt8(ascii: "/") && index + 1 < bytes.count
                    && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"))
                if skipStringOrComment(bytes, &index, &line, &ignored), !comment {
                    atom(.string)
                } else if byte == UInt8(ascii: "#") {
                    // `#name`, a macro or directive, is one token, and a `#` alone is no
                    // valid one (`##endk##endk…` in a dictionary literal: 5 s).
                    atom(.pound)
                    while index + 1 < bytes.count, isWord(bytes[index + 1]) { index += 1 }
                } else if !comment {
                    previous = nil
                }
                if line != before {
                    // A literal over several lines: its first line ends where it ends.
                    let saved = line
                    line = before
                    endLine(at: index + 1)
                    line = saved
                    lineStart = index + 1
                }
            case UInt8(ascii: "@"):
                atom(.attribute)
                while index + 1 < bytes.count, isWord(bytes[index + 1]) { index += 1 }
            case UInt8(ascii: ":"):
                // `a: b: c: …`: a second `:` with no `,`, `?`, `;` or bracket between.
                if afterColon { juxtaposed += 1 }
                afterColon = true
                previous = nil
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if open.count < 1024 { open.append(byte) }
                afterColon = false
                previous = nil
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let match = match(byte, in: open, kind: { $0 }) { open.removeSubrange(match...) }
                afterColon = false
                previous = nil
            case UInt8(ascii: ","), UInt8(ascii: "?"), UInt8(ascii: ";"):
                afterColon = false
                previous = nil
            case UInt8(ascii: "<"):
                // A generic argument list opens where `<` follows a name directly; at most
                // `unclosedBrackets` open on one line, or the line goes.
                if index > 0, isWord(bytes[index - 1]), angles <= InputLimits.unclosedBrackets { angles += 1 }
                previous = nil
            case UInt8(ascii: ">"):
                angles = max(0, angles - 1)
                previous = nil
            default:
                guard isWord(byte) else {
                    previous = nil
                    break
                }
                let start = index
                while index + 1 < bytes.count, isWord(bytes[index + 1]) { index += 1 }
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    atom(.number)
                } else {
                    let word = bytes[start...index]
                    atom(.word(Self.statementKeywords.contains(word) ? .statement : Self.keywords.contains(word) ? .keyword : .name), word: word)
                }
            }
            index += 1
        }
        endLine(at: bytes.count)
        // Garbage over many lines (`@Kit x` on 2,000 lines: 2 s, and 4 times as long for twice
        // as many), where recovery may look across lines: when the juxtapositions times the
        // file's bytes pass the bound of one line, every line with one goes.
        if events * bytes.count > InputLimits.lineRecoveryCost {
            long += withJuxtapositions.map(\.range)
            long.sort { $0.lowerBound < $1.lowerBound }
            firstLine = min(firstLine ?? .max, withJuxtapositions.first?.line ?? .max)
        }
        guard !long.isEmpty else { return (bytes, nil) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for range in long {
            result += bytes[copied..<range.lowerBound]
            var at = range.lowerBound
            while at < range.upperBound {
                switch bytes[at] {
                case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                    UInt8(ascii: "\n"):
                    result.append(bytes[at])
                    at += 1
                case UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "/"):
                    var end = at, ignoredLine = 0
                    var ignored: [Position] = []
                    if !skipStringOrComment(bytes, &end, &ignoredLine, &ignored) { end = at }
                    for byte in bytes[at...end] where byte == UInt8(ascii: "\n") { result.append(byte) }
                    at = end + 1
                default:
                    at += 1
                }
            }
            copied = range.upperBound
        }
        result += bytes[copied...]
        return (result, firstLine)
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
            case UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "/"):
                // A string ends a run; a comment inside one does not.
                let comment = bytes[index] == UInt8(ascii: "/")
                var ignored: [Position] = []
                if !skipStringOrComment(bytes, &index, &line, &ignored) || !comment { run = 0 }
            default:
                run = 0
            }
            index += 1
        }
        guard firstLine != nil else { return (bytes, nil) }
        result += bytes[copied...]
        return (result, firstLine)
    }

    /// At `bytes[index]` on the start of a string literal (`"`, `"""`, raw `#"`) or a comment
    /// (`//`, `/* */`, nested): moves `index` to the last byte of it (counting its lines) and
    /// returns true; false (nothing moved) otherwise. It lexes as Swift does where bounding
    /// depends on it: a single-line string ends at the end of its line, closed or not, and an
    /// interpolation `\(…)` holds code, strings included. A fuzzed manifest whose unclosed
    /// string ran on to the next `"` lines later hid 4,600 open calls from `limitUnclosed`.
    ///
    /// `abandoned` gets each interpolation a line break or the end of the file leaves open,
    /// and each `(` left open inside one: nested in one literal, they cost the parser more
    /// than brackets never closed do (200 on one line: 13 s and 6 GB in a release build;
    /// `"\(a/\(a/\(a…`, a key path in a key path, 2,800 deep: 9 s).
    static func skipStringOrComment(_ bytes: [UInt8], _ index: inout Int, _ line: inout Int, _ abandoned: inout [Position]) -> Bool {
        let count = bytes.count
        func byte(_ at: Int) -> UInt8? { at < count ? bytes[at] : nil }
        switch bytes[index] {
        case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
            while let next = byte(index + 1), next != UInt8(ascii: "\n") { index += 1 }
            return true
        case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
            var depth = 1
            index += 2
            while index < count {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                if bytes[index] == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 1
                } else if bytes[index] == UInt8(ascii: "*"), byte(index + 1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 1
                    if depth == 0 { return true }
                }
                index += 1
            }
            index = count - 1
            return true
        case UInt8(ascii: "\""), UInt8(ascii: "#"):
            break
        default:
            return false
        }
        // A string: the literals and interpolations open around `index`, innermost last.
        // An interpolation holds where its `\(` and each `(` still open inside it are.
        enum Frame { case string(hashes: Int, multiline: Bool), interpolation(opens: [Position]) }
        func abandon(_ frames: some Sequence<Frame>) {
            for case .interpolation(let opens) in frames { abandoned += opens }
        }
        /// At a `"` or `#`: the string that starts there, its delimiter skipped.
        func open(_ at: inout Int) -> Frame? {
            var hashes = 0
            while byte(at + hashes) == UInt8(ascii: "#") { hashes += 1 }
            guard byte(at + hashes) == UInt8(ascii: "\"") else { return nil }
            let multiline = byte(at + hashes + 1) == UInt8(ascii: "\"") && byte(at + hashes + 2) == UInt8(ascii: "\"")
            at += hashes + (multiline ? 3 : 1)
            return .string(hashes: hashes, multiline: multiline)
        }
        func hashes(_ n: Int, at: Int) -> Bool { (0..<n).allSatisfy { byte(at + $0) == UInt8(ascii: "#") } }
        var at = index
        guard let first = open(&at) else { return false }
        var frames = [first]
        while at < count, let frame = frames.last {
            let current = bytes[at]
            if current == UInt8(ascii: "\n") {
                // A line break ends every single-line string open (and what is inside it).
                if let outer = frames.firstIndex(where: { if case .string(_, false) = $0 { true } else { false } }) {
                    abandon(frames[outer...])
                    frames.removeSubrange(outer...)
                    if frames.isEmpty {
                        index = at - 1
                        return true
                    }
                    continue
                }
                line += 1
                at += 1
                continue
            }
            switch frame {
            case .string(let hashCount, let multiline):
                if current == UInt8(ascii: "\\"), hashes(hashCount, at: at + 1) {
                    at += 1 + hashCount
                    if byte(at) == UInt8(ascii: "(") {
                        frames.append(.interpolation(opens: [(at - 1 - hashCount, line)]))
                    } else if byte(at) == UInt8(ascii: "\n") {
                        continue  // a line continuation, or the end of a single-line string
                    }
                } else if current == UInt8(ascii: "\""),
                          !multiline || (byte(at + 1) == UInt8(ascii: "\"") && byte(at + 2) == UInt8(ascii: "\"")) {
                    let end = at + (multiline ? 3 : 1)
                    if hashes(hashCount, at: end) {
                        frames.removeLast()
                        at = end + hashCount - 1
                        if frames.isEmpty {
                            index = at
                            return true
                        }
                    }
                }
            case .interpolation(var opens):
                if current == UInt8(ascii: "(") {
                    frames.removeLast()  // so `opens` is not copied
                    opens.append((at, line))
                    frames.append(.interpolation(opens: opens))
                } else if current == UInt8(ascii: ")") {
                    frames.removeLast()
                    opens.removeLast()
                    if !opens.isEmpty { frames.append(.interpolation(opens: opens)) }
                } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "#"), let string = open(&at) {
                    frames.append(string)
                    continue
                }
            }
            at += 1
        }
        abandon(frames)
        index = count - 1  // never closed
        return true
    }

    /// The bytes up to the `limit`-th bracket that is never closed, and the line of that
    /// bracket; nil (bytes untouched) when at most `limit` stay open. swift-syntax's recovery
    /// looks ahead to the end of the file for each open bracket, nested: a fuzzed manifest
    /// with 1,000 calls left open took minutes. What follows is cut, not blanked: with 32
    /// brackets open, each byte of whitespace after them cost 250 µs (40 KB: 10 s). A
    /// string literal that a line break ends with more than `limit` interpolations `\(` or
    /// parentheses in them open inside each other is cut at the next one the same way.
    public static func limitUnclosed(_ bytes: [UInt8], to limit: Int = InputLimits.unclosedBrackets) -> (bytes: [UInt8], line: Int?) {
        /// `if` for `#if`, `endif` for `#endif`: the word after a `#`, when short.
        func directive(at index: Int) -> String? {
            var end = index + 1
            while end < bytes.count, end - index <= 6, isWord(bytes[end]) {
                end += 1
            }
            return end - index > 6 ? nil : String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        }
        var open: [Position] = []
        var closedAround: Position?  // where a closer first leaves more than `limit` brackets inside it unclosed
        var deepString: Position?  // where the first literal leaving more than `limit` interpolations open passes it
        var line = 1
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): open.append((index, line))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                // Only its own kind (`switch x {)` 1,500 times: 160 s when any closer
                // counted). What it closes around counts as never closed: `[.target(name:
                // "A(name: "A(…]` leaves hundreds of calls open inside one array (4 s for 7 KB).
                if let match = match(bytes[index], in: open, kind: { bytes[$0.offset] }) {
                    if closedAround == nil, open.count - match - 1 > limit { closedAround = open[match + 1 + limit] }
                    open.removeSubrange(match...)
                }
            case UInt8(ascii: "#") where directive(at: index) == "if":
                // `#if` without its `#endif` nests like a bracket (3,300 of them: 5 s).
                open.append((index, line))
                index += 2
            case UInt8(ascii: "#") where directive(at: index) == "endif":
                if let match = open.indices.suffix(256).last(where: { bytes[open[$0].offset] == UInt8(ascii: "#") }) {
                    open.removeSubrange(match...)  // the innermost `#if`, like `match(_:in:kind:)`
                }
                index += 5
            case UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "/"):
                var abandoned: [Position] = []
                _ = skipStringOrComment(bytes, &index, &line, &abandoned)
                if deepString == nil, abandoned.count > limit { deepString = abandoned[limit] }
            default: break
            }
            index += 1
        }
        let cut = [open.count > limit ? open[limit] : nil, closedAround, deepString].compactMap(\.self).min { $0.offset < $1.offset }
        guard let cut else { return (bytes, nil) }
        return (Array(bytes[..<cut.offset]), cut.line)
    }
}
