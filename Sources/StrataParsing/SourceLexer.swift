/// One lexing pass over a Swift file that finds everything that would cost swift-syntax more
/// than linear time (`ParseLimits`), so `BoundedParse` can take it out before parsing. Strings
/// and comments are lexed as Swift lexes them where bounding depends on it; everything else
/// is looked at token by token, and a word's kind (keyword or name) only through a small
/// table, when a token follows it on its line. A file that no bound changes, every file of
/// about 150 real packages, costs this one pass, so it runs over words, indentation, comments
/// and the text of literals eight bytes at a time, and keeps the brackets open out of arrays.
package struct SourceLexer {
    /// A byte offset and its line.
    package typealias Position = (offset: Int, line: Int)

    /// What the pass found; nothing for a file that no bound changes.
    package struct Findings {
        /// Declaration attributes whose `(` follows blanks (`AttributeSpacing`).
        var respacings: [(end: Int, paren: Int)] = []
        /// Runs of more than `ParseLimits.consecutiveBrackets` `[`: from the first `[` past
        /// the bound to its matching `]`, and the line of the first.
        var runs: [Range<Int>] = []
        var runLine: Int?
        /// Lines of garbage that swift-syntax's recovery would rescan, in order, and the line
        /// of the first.
        var longLines: [Range<Int>] = []
        package var longLine: Int?
        /// Where the file is cut: the `ParseLimits.unclosedBrackets + 1`-th bracket never
        /// closed (or closed around by one closer, or left open inside one string literal).
        package var cut: Position?

        /// Whether the file parses in bounded time as it is.
        package var changesNothing: Bool { respacings.isEmpty && runLine == nil && longLine == nil && cut == nil }
    }

    /// The one pass. `runs: false` leaves `[` runs alone (they were removed already);
    /// `unclosed` is the number of brackets that may stay open.
    static func measure(_ bytes: UnsafeBufferPointer<UInt8>, runs: Bool = true, unclosed: Int = ParseLimits.unclosedBrackets) -> Findings {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: keptBrackets) { brackets in
            var lexer = SourceLexer(bytes, brackets: brackets, runLimit: runs ? ParseLimits.consecutiveBrackets : .max, unclosedLimit: unclosed)
            defer { lexer.open.deallocate() }
            lexer.lex()
            return lexer.findings
        }
    }

    package static func measure(_ bytes: [UInt8], runs: Bool = true, unclosed: Int = ParseLimits.unclosedBrackets) -> Findings {
        bytes.withUnsafeBufferPointer { measure($0, runs: runs, unclosed: unclosed) }
    }

    /// The last byte of the string literal or comment that starts at `at`; nil when none does.
    static func endOfStringOrComment(_ bytes: [UInt8], at: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var lexer = SourceLexer(buffer, brackets: UnsafeMutableBufferPointer(start: nil, count: 0), runLimit: .max, unclosedLimit: .max)
            lexer.index = at
            return lexer.skipStringOrComment() ? lexer.index : nil
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let count: Int
    private let runLimit: Int
    private let unclosedLimit: Int
    private var findings = Findings()
    private var index = 0
    private var line = 1

    // `[` runs: how many `[` in a row so far (whitespace and comments between them allowed).
    private var run = 0

    // Juxtapositions (`ParseLimits.lineRecoveryCost`).
    private var lineStart = 0
    private var juxtaposed = 0
    /// The last token, when it was a word, number, string or name; the word's bytes.
    private var previous: Atom?
    private var previousWord = 0..<0
    /// The table of keywords, read once per file rather than once per word.
    private let keywords = Keywords.shared
    /// `previous` is a word whose kind is not looked up yet (`word` says why).
    private var unclassified = false
    /// A `:` came since the last `,`, `?`, `;` or bracket.
    private var afterColon = false
    /// The brackets open, innermost last (at most `keptBrackets` kept): whether a word is in
    /// parentheses. In storage `measure` lends, so a bracket costs no array growing.
    private let brackets: UnsafeMutableBufferPointer<UInt8>
    private var bracketCount = 0
    private static let keptBrackets = 1024
    /// Lines past `lineRecoveryCost` once they added up (`fileRecoveryCost`).
    private var spent = 0
    /// Lines with juxtapositions, for the file's bound: recovery may look across lines.
    private var withJuxtapositions: [(range: Range<Int>, line: Int)] = []
    private var events = 0
    /// `a<b<c<…` nested on one line: swift-syntax looks ahead for the end of each generic
    /// argument list (2,000 deep: 0.9 s, 4 times as long for twice as many).
    private var angles = 0

    // Brackets never closed (`ParseLimits.unclosedBrackets`), `#if` among them.
    private var open = Stack()
    /// Where a closer first leaves more than the bound inside it unclosed.
    private var closedAround: Position?
    /// Where the first literal leaving more than the bound of interpolations open passes it.
    private var deepString: Position?
    /// The interpolations and parentheses the last string literal left open.
    private var abandoned: [Position] = []
    /// Inside a string literal (`skipString`), the literals and interpolations open, innermost
    /// last. An interpolation holds where its `\(` and each `(` still open inside it are:
    /// `opens` from `from` on, up to the next interpolation's (one array for all, so a frame is
    /// copied without counting references). Both are empty between literals and keep their
    /// storage from one to the next.
    private var frames: [Frame] = []
    private var opens: [Position] = []
    private enum Frame { case string(hashes: Int, multiline: Bool), interpolation(from: Int) }

    private init(_ bytes: UnsafeBufferPointer<UInt8>, brackets: UnsafeMutableBufferPointer<UInt8>, runLimit: Int, unclosedLimit: Int) {
        self.bytes = bytes
        self.brackets = brackets
        count = bytes.count
        self.runLimit = runLimit
        self.unclosedLimit = unclosedLimit
    }

    private mutating func lex() {
        let bytes = bytes, count = count  // not loaded again after each call
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                lineBreak()
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                // The blanks between tokens in one go.
                while index + 1 < count, Self.isBlank(bytes[index + 1]) { index += 1 }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                // A line comment, to the end of its line: no token, and a `[` run goes on after it.
                index = bytes.newline(from: index + 2) - 1
            case UInt8(ascii: "["):
                squareBracket()
            case UInt8(ascii: "("), UInt8(ascii: "{"):
                run = 0
                openBracket(byte)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                run = 0
                closeBracket(byte)
            case UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "/"):
                stringCommentOrPound(byte)
            case UInt8(ascii: "@"):
                run = 0
                attribute()
            case UInt8(ascii: ":"):
                run = 0
                colon()
            case UInt8(ascii: ","), UInt8(ascii: "?"), UInt8(ascii: ";"):
                run = 0
                afterColon = false
                previous = nil
            case UInt8(ascii: "<"):
                run = 0
                angleBracket()
            case UInt8(ascii: ">"):
                run = 0
                angles = max(0, angles - 1)
                previous = nil
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
                run = 0
                word()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                run = 0
                skipWord()
                atom(.number)
            default:
                run = 0
                previous = nil
            }
            index &+= 1  // below `count`: no overflow to check
        }
        endLine(at: count)
        finish()
    }

    /// At a line break: the line ends, and the next one's indentation is skipped.
    @inline(__always)
    private mutating func lineBreak() {
        endLine(at: index)
        line += 1
        lineStart = index + 1
        skipIndentation()
    }

    /// `@name`, and the blanks before its `(` when there are any.
    @inline(__always)
    private mutating func attribute() {
        atom(.attribute)
        let start = index + 1
        skipWord()
        if let paren = AttributeSpacing.paren(bytes, name: start, end: index + 1) {
            findings.respacings.append((index + 1, paren))
        }
    }

    /// A `:`. `a: b: c: …`: a second one with no `,`, `?`, `;` or bracket since the first is
    /// a juxtaposition.
    @inline(__always)
    private mutating func colon() {
        if afterColon { juxtaposed += 1 }
        afterColon = true
        previous = nil
    }

    /// A generic argument list opens where `<` follows a name directly; at most
    /// `unclosedBrackets` open on one line, or the line goes.
    @inline(__always)
    private mutating func angleBracket() {
        if index > 0, Self.isWord(bytes[index - 1]), angles <= ParseLimits.unclosedBrackets { angles += 1 }
        previous = nil
    }

    // MARK: Brackets

    /// A `[`: one more in a run, and past the bound the run is skipped.
    @inline(__always)
    private mutating func squareBracket() {
        run += 1
        if run > runLimit {
            skipRun()
        } else {
            openBracket(UInt8(ascii: "["))
        }
    }

    private mutating func openBracket(_ byte: UInt8) {
        if bracketCount < brackets.count {
            brackets[bracketCount] = byte
            bracketCount += 1
        }
        open.append((index, line))
        afterColon = false
        previous = nil
    }

    /// A closer closes the innermost opener of its own kind (`(` for `)`), as the parser takes
    /// it, so `{)` leaves the `{` open; only the innermost 256 are looked at, so `{{{…)))`
    /// stays linear. What it closes around counts as never closed: `[.target(name: "A(…]`
    /// leaves hundreds of calls open inside one array (4 s for 7 KB).
    private mutating func closeBracket(_ byte: UInt8) {
        let opener = Self.opener(of: byte)
        // Searched by hand and removed from the end: the matching opener is nearly always the last.
        var match = bracketCount - 1
        while match >= max(bracketCount - 256, 0), brackets[match] != opener { match -= 1 }
        if match >= max(bracketCount - 256, 0) { bracketCount = match }
        if let match = innermostOpen(opener) {
            if closedAround == nil, open.count - match - 1 > unclosedLimit { closedAround = open[match + 1 + unclosedLimit] }
            open.removeAll(from: match)
        }
        afterColon = false
        previous = nil
    }

    /// Where in `open` the innermost of the last 256 that `opener` opened is.
    @inline(__always)
    private func innermostOpen(_ opener: UInt8) -> Int? {
        var match = open.count - 1
        while match >= max(open.count - 256, 0) {
            if bytes[open[match].offset] == opener { return match }
            match -= 1
        }
        return nil
    }

    static func opener(of closer: UInt8) -> UInt8 {
        closer == UInt8(ascii: ")") ? UInt8(ascii: "(") : closer - 2
    }

    /// At the `[` past the bound: up to its matching `]`, brackets counted as they come
    /// (strings are not lexed inside: a run missed in a string costs nothing, one removed
    /// wrongly loses a few facts of a reported file). Only the runs of such a pass are used.
    private mutating func skipRun() {
        findings.runLine = findings.runLine ?? line
        let start = index
        var depth = 1
        index += 1
        while index < count {
            if bytes[index] == UInt8(ascii: "[") { depth += 1 }
            if bytes[index] == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { break }
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        findings.runs.append(start..<min(index + 1, count))
        run = 0
    }

    // MARK: Strings, comments, directives

    /// `"`, `#` or `/`: a string, a comment, a directive, a `#name` or an operator.
    private mutating func stringCommentOrPound(_ byte: UInt8) {
        if byte == UInt8(ascii: "#"), let directive = directive() {
            // `#if` without its `#endif` nests like a bracket (3,300 of them: 5 s).
            run = 0
            if directive == .if {
                open.append((index, line))
            } else if let match = innermostOpen(UInt8(ascii: "#")) {
                open.removeAll(from: match)  // the innermost `#if`, as a closer matches
            }
            atom(.pound)
            skipWord()
            return
        }
        let before = line
        let comment = byte == UInt8(ascii: "/") && index + 1 < count
            && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"))
        let skipped = skipStringOrComment()
        // A string ends a `[` run; a comment inside one does not.
        if !skipped || byte != UInt8(ascii: "/") { run = 0 }
        if skipped, !comment {
            atom(.string)
        } else if byte == UInt8(ascii: "#") {
            // `#name`, a macro or directive, is one token, and a `#` alone is no valid one
            // (`##endk##endk…` in a dictionary literal: 5 s).
            atom(.pound)
            skipWord()
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
        if deepString == nil, abandoned.count > unclosedLimit { deepString = abandoned[unclosedLimit] }
    }

    enum Directive { case `if`, endif }

    /// `#if` or `#endif` at `index`, the word after the `#` ending there.
    private func directive() -> Directive? {
        var end = index + 1
        while end < count, end - index <= 6, Self.isWord(bytes[end]) { end += 1 }
        switch end - index - 1 {
        case 2 where bytes[index + 1] == UInt8(ascii: "i") && bytes[index + 2] == UInt8(ascii: "f"):
            return .if
        case 5 where bytes[(index + 1)..<end].elementsEqual("endif".utf8):
            return .endif
        default:
            return nil
        }
    }

    /// At the start of a string literal (`"`, `"""`, raw `#"`) or a comment (`//`, `/* */`,
    /// nested): moves `index` to the last byte of it (counting its lines) and returns true;
    /// false (nothing moved) otherwise. It lexes as Swift does where bounding depends on it:
    /// a single-line string ends at the end of its line, closed or not, and an interpolation
    /// `\(…)` holds code, strings included. A fuzzed manifest whose unclosed string ran on to
    /// the next `"` lines later hid 4,600 open calls from the bracket bound.
    ///
    /// `abandoned` gets each interpolation a line break or the end of the file leaves open,
    /// and each `(` left open inside one: nested in one literal, they cost the parser more
    /// than brackets never closed do (200 on one line: 13 s and 6 GB in a release build;
    /// `"\(a/\(a/\(a…`, a key path in a key path, 2,800 deep: 9 s).
    private mutating func skipStringOrComment() -> Bool {
        if !abandoned.isEmpty { abandoned.removeAll(keepingCapacity: true) }  // else it would allocate
        switch bytes[index] {
        case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
            index = bytes.newline(from: index + 2) - 1
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
        case UInt8(ascii: "\""):
            let multiline = byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")
            if !multiline, let end = bytes.plainStringEnd(from: index) {
                index = end
                return true
            }
        case UInt8(ascii: "#"):
            break
        default:
            return false
        }
        return skipString()
    }

    /// `skipStringOrComment` for any string literal.
    private mutating func skipString() -> Bool {
        var at = index
        guard let first = openString(at: &at) else { return false }
        assert(frames.isEmpty && opens.isEmpty)  // as every literal leaves them
        frames.append(first)
        while at < count, let frame = frames.last {
            if case .string = frame {
                at = bytes.stringEndOrEscape(from: at)  // the text of a literal, up to what may end or escape it
                if at == count { break }
            }
            var end: Int?
            if bytes[at] == UInt8(ascii: "\n") {
                end = lineBreakInString(at: &at)
            } else if case .string(let hashCount, let multiline) = frame {
                end = escapeOrQuote(at: &at, hashCount: hashCount, multiline: multiline)
            } else if case .interpolation(let from) = frame {
                codeInInterpolation(at: &at, from: from)
            }
            if let end {
                index = end
                return true
            }
        }
        endFrames(from: 0)
        index = count - 1  // never closed
        return true
    }

    /// The byte at `at`; nil past the end.
    @inline(__always)
    private func byte(_ at: Int) -> UInt8? { at < count ? bytes[at] : nil }

    /// Whether the `n` bytes from `at` on are `#`.
    @inline(__always)
    private func hashes(_ n: Int, at: Int) -> Bool { (0..<n).allSatisfy { byte(at + $0) == UInt8(ascii: "#") } }

    /// At a `"` or `#`: the string that starts there, its delimiter skipped.
    @inline(__always)
    private func openString(at: inout Int) -> Frame? {
        var hashes = 0
        while byte(at + hashes) == UInt8(ascii: "#") { hashes += 1 }
        guard byte(at + hashes) == UInt8(ascii: "\"") else { return nil }
        let multiline = byte(at + hashes + 1) == UInt8(ascii: "\"") && byte(at + hashes + 2) == UInt8(ascii: "\"")
        at += hashes + (multiline ? 3 : 1)
        return .string(hashes: hashes, multiline: multiline)
    }

    /// `frames[outer...]` ended: the positions their interpolations hold are abandoned.
    private mutating func endFrames(from outer: Int) {
        for case .interpolation(let from) in frames[outer...] {
            abandoned += opens[from...]
            opens.removeSubrange(from...)
            break  // the first holds all after it
        }
        frames.removeSubrange(outer...)
    }

    /// At a line break in a literal: it ends every single-line string open (and what is inside
    /// it), else it is one more line of a multi-line one. The literal's last byte when that
    /// ended it.
    @inline(__always)
    private mutating func lineBreakInString(at: inout Int) -> Int? {
        guard let outer = frames.firstIndex(where: { if case .string(_, false) = $0 { true } else { false } }) else {
            line += 1
            at += 1
            return nil
        }
        endFrames(from: outer)
        return frames.isEmpty ? at - 1 : nil
    }

    /// At a `\` or `"` in the text of a string (delimited by `hashCount` `#`): an escape
    /// skipped, an interpolation opened, or the string closed. The literal's last byte when
    /// that closed the outermost string.
    @inline(__always)
    private mutating func escapeOrQuote(at: inout Int, hashCount: Int, multiline: Bool) -> Int? {
        if bytes[at] == UInt8(ascii: "\\"), hashes(hashCount, at: at + 1) {
            at += 1 + hashCount
            if byte(at) == UInt8(ascii: "(") {
                frames.append(.interpolation(from: opens.count))
                opens.append((at - 1 - hashCount, line))
            } else if byte(at) == UInt8(ascii: "\n") {
                return nil  // a line continuation, or the end of a single-line string
            }
        } else if bytes[at] == UInt8(ascii: "\""),
                  !multiline || (byte(at + 1) == UInt8(ascii: "\"") && byte(at + 2) == UInt8(ascii: "\"")) {
            let end = at + (multiline ? 3 : 1)
            if hashes(hashCount, at: end) {
                frames.removeLast()
                at = end + hashCount - 1
                if frames.isEmpty { return at }
            }
        }
        at += 1
        return nil
    }

    /// At a byte of the code in an interpolation (`from` in `opens` the first position it
    /// holds): a `(` opens, a `)` closes (the last one the interpolation), a string starts.
    @inline(__always)
    private mutating func codeInInterpolation(at: inout Int, from: Int) {
        switch bytes[at] {
        case UInt8(ascii: "("):
            opens.append((at, line))
        case UInt8(ascii: ")"):
            opens.removeLast()
            if opens.count == from { frames.removeLast() }
        case UInt8(ascii: "\""), UInt8(ascii: "#"):
            if let string = openString(at: &at) {
                frames.append(string)
                return
            }
        default:
            break
        }
        at += 1
    }

    // MARK: Juxtapositions

    /// A byte of a name or number (`_`, `$`, letters, digits, anything not ASCII).
    @inline(__always)
    static func isWord(_ byte: UInt8) -> Bool {
        wordBytes.utf8Start[Int(byte)] == UInt8(ascii: "1")
    }

    /// `isWord` of each byte, 64 a line: half the bytes of a file are in words, and a load
    /// costs less than testing ranges (a static string needs no initialization).
    private static let wordBytes: StaticString = """
        0000000000000000000000000000000000001000000000001111111111000000\
        0111111111111111111111111110000101111111111111111111111111100000\
        1111111111111111111111111111111111111111111111111111111111111111\
        1111111111111111111111111111111111111111111111111111111111111111
        """

    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// To the last blank after `index` (none when the next byte is no blank): a line's
    /// indentation, spaces eight at a time, then byte by byte.
    @inline(__always)
    private mutating func skipIndentation() {
        var at = index + 1
        while at + 8 <= count {
            let others = bytes.eightBytes(at) ^ 0x2020_2020_2020_2020
            if others != 0 {
                at += others.trailingZeroBitCount / 8
                break
            }
            at += 8
        }
        while at < count, Self.isBlank(bytes[at]) { at += 1 }
        index = at - 1
    }

    /// To the last byte of the word at `index`.
    @inline(__always)
    private mutating func skipWord() {
        index = bytes.wordEnd(from: index + 1) - 1
    }

    /// The high bit of each of the eight bytes of `bytes` (the first one lowest) that is not a
    /// letter, but for some bytes past ASCII (bytes of words too). Each byte's high bit is
    /// cleared first, so no sum carries into the next byte.
    @inline(__always)
    static func nonLetters(_ bytes: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let lowercase = (bytes & ~high) | ones &* 0x20
        // The high bit is set from `a` on by the first sum, past `z` by the second.
        let letters = (lowercase &+ ones &* (0x80 - 0x61)) & ~(lowercase &+ ones &* (0x7F - 0x7A))
        return ~letters & high
    }

    /// A name or keyword starting at `index`.
    private mutating func word() {
        let start = index
        skipWord()
        let word = Range(uncheckedBounds: (start, index + 1))
        if var previous {
            if unclassified { previous = .word(keywords.kind(bytes, previousWord)) }
            switch previous {
            case .word(.keyword), .word(.statement), .pound:
                // No word juxtaposes with a keyword or directive before it (`let a`, `#if
                // DEBUG`) but the same word: its own kind can wait, as below.
                if sameWord(word, previousWord) { juxtaposed += 1 }
            default:
                atom(.word(keywords.kind(bytes, word)), word: word)
                return
            }
        }
        // Nothing before it on its line to juxtapose it with, most words (`a.b(c: d)`): its
        // kind is looked up only if a token follows it with nothing between.
        previous = .word(.name)
        previousWord = word
        unclassified = true
    }

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

    private mutating func atom(_ this: Atom, word: Range<Int> = 0..<0) {
        if var previous {
            if unclassified { previous = .word(keywords.kind(bytes, previousWord)) }
            // The same word twice in a row is garbage even when it is a keyword (`package
            // package …`, 45 KB: 2.5 s).
            if previous.juxtaposes(with: this, inParentheses: bracketCount > 0 && brackets[bracketCount - 1] == UInt8(ascii: "("))
                || (!word.isEmpty && sameWord(word, previousWord)) {
                juxtaposed += 1
            }
        }
        previous = this
        previousWord = word
        unclassified = false
    }

    private func sameWord(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && bytes[a].elementsEqual(bytes[b])
    }

    @inline(__always)
    private mutating func endLine(at end: Int) {
        // A line with neither juxtapositions nor too many angles, nearly every line, costs nothing.
        if juxtaposed > 0 || angles > ParseLimits.unclosedBrackets { bound(lineEndingAt: end) }
        juxtaposed = 0
        angles = 0
        previous = nil
        afterColon = false
    }

    private mutating func bound(lineEndingAt end: Int) {
        let cost = (end - lineStart) * juxtaposed
        if cost > ParseLimits.lineRecoveryCost || (cost > 1 << 16 && spent + cost > ParseLimits.fileRecoveryCost)
            || angles > ParseLimits.unclosedBrackets {
            findings.longLines.append(lineStart..<end)
            findings.longLine = findings.longLine ?? line
        } else {
            if cost > 1 << 16 { spent += cost }
            if juxtaposed > 0 { withJuxtapositions.append((lineStart..<end, line)) }
        }
        events += juxtaposed
    }

    private mutating func finish() {
        // Garbage over many lines (`@Kit x` on 2,000 lines: 2 s, and 4 times as long for twice
        // as many), where recovery may look across lines: when the juxtapositions times the
        // file's bytes pass the bound of one line, every line with one goes.
        if events * count > ParseLimits.lineRecoveryCost, !withJuxtapositions.isEmpty {
            findings.longLines += withJuxtapositions.map(\.range)
            findings.longLines.sort { $0.lowerBound < $1.lowerBound }
            findings.longLine = min(findings.longLine ?? .max, withJuxtapositions[0].line)
        }
        findings.cut = [open.count > unclosedLimit ? open[unclosedLimit] : nil, closedAround, deepString]
            .compactMap(\.self).min { $0.offset < $1.offset }
    }
}

/// Swift's keywords that start a statement or declaration, and those that may come after a
/// name (`as`, `in`, `where`) or before one (`some`, `inout`); `self`, `nil`, `true` and the
/// like are names here. Looked up by the word's bytes packed into two integers, in an
/// open-addressed table: no hashing of byte slices for every word of a file.
struct Keywords {
    static let statements = """
        let var func init deinit subscript struct class enum protocol extension actor typealias associatedtype
        import do defer guard if switch for repeat break continue fallthrough return throw try await
        """
    static let others = """
        some any _ in is as catch else case default while throws rethrows async where
        public private internal fileprivate open package static final override required convenience mutating
        nonmutating dynamic optional lazy weak unowned indirect get set willSet didSet infix prefix postfix
        operator precedencegroup associativity higherThan lowerThan assignment left right none borrowing
        consuming consume copy each sending isolated nonisolated distributed macro discard then unsafe inout
        """

    private struct Entry {
        var low: UInt64
        var high: UInt64
        var kind: SourceLexer.Atom.Word
    }

    /// The one table, built at its first use; each lexer keeps it (`SourceLexer.keywords`).
    static let shared = Keywords()
    private let table = Keywords.makeTable()

    private static let slots = 512
    private static func makeTable() -> [Entry?] {
        var table = [Entry?](repeating: nil, count: slots)
        for (text, kind) in [(statements, SourceLexer.Atom.Word.statement), (others, .keyword)] {
            for word in text.split(whereSeparator: \.isWhitespace) {
                let bytes = Array(word.utf8)
                let (low, high) = bytes.withUnsafeBufferPointer { pack($0, 0..<bytes.count) }
                var slot = hash(low, high)
                while table[slot] != nil { slot = (slot + 1) & (slots - 1) }
                table[slot] = Entry(low: low, high: high, kind: kind)
            }
        }
        return table
    }

    /// The bytes of `range` (at most 16), the first eight in `low`, the first in its lowest
    /// byte. Two loads where 16 bytes follow the start, as they do for nearly every word.
    @inline(__always)
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (UInt64, UInt64) {
        if let base = bytes.baseAddress, range.lowerBound + 16 <= bytes.count {
            let start = UnsafeRawPointer(base + range.lowerBound)
            let low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self)) & ~0 &>> (8 &* (8 &- min(range.count, 8)))
            let high = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & ~0 &>> (8 &* (16 &- range.count))
            return (low, range.count > 8 ? high : 0)
        }
        var low: UInt64 = 0, high: UInt64 = 0
        for offset in range {
            let shift = UInt64((offset - range.lowerBound) & 7) * 8
            if offset - range.lowerBound < 8 {
                low |= UInt64(bytes[offset]) << shift
            } else {
                high |= UInt64(bytes[offset]) << shift
            }
        }
        return (low, high)
    }

    @inline(__always)
    private static func hash(_ low: UInt64, _ high: UInt64) -> Int {
        Int(truncatingIfNeeded: ((low ^ (high &* 0xC2B2_AE3D_27D4_EB4F)) &* 0x9E37_79B9_7F4A_7C15) >> 55)
    }

    /// The kind of the word `bytes[range]`.
    func kind(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> SourceLexer.Atom.Word {
        // Every keyword is at most 16 bytes and starts with a lowercase letter or `_`.
        let first = bytes[range.lowerBound]
        guard range.count <= 16, (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")) || first == UInt8(ascii: "_") else {
            return .name
        }
        let (low, high) = Self.pack(bytes, range)
        var slot = Self.hash(low, high)
        while let entry = table[slot] {
            if entry.low == low, entry.high == high { return entry.kind }
            slot = (slot + 1) & (Self.slots - 1)
        }
        return .name
    }
}

// MARK: Searching bytes

/// Searches of the lexer's hot loops, on the bytes themselves (a method of the lexer would
/// get a copy of it for every call that is not inlined).
private extension UnsafeBufferPointer<UInt8> {
    /// The offset of the first line break at or after `start`, `count` when none: comments
    /// are looked through eight bytes at a time.
    func newline(from start: Int) -> Int {
        var at = start
        while at + 8 <= count {
            let found = Self.bytes(of: UInt8(ascii: "\n"), in: eightBytes(at))
            if found != 0 { return at + found.trailingZeroBitCount / 8 }
            at += 8
        }
        while at < count, self[at] != UInt8(ascii: "\n") { at += 1 }
        return at
    }

    /// The first byte at or after `start` that may end or escape a string literal (`"`, `\`,
    /// a line break), `count` when none: the text of literals, eight bytes at a time.
    func stringEndOrEscape(from start: Int) -> Int {
        var at = start
        while at + 8 <= count {
            let eight = eightBytes(at)
            let found = Self.bytes(of: UInt8(ascii: "\""), in: eight) | Self.bytes(of: UInt8(ascii: "\\"), in: eight)
                | Self.bytes(of: UInt8(ascii: "\n"), in: eight)
            if found != 0 { return at + found.trailingZeroBitCount / 8 }
            at += 8
        }
        while at < count, self[at] != UInt8(ascii: "\""), self[at] != UInt8(ascii: "\\"), self[at] != UInt8(ascii: "\n") { at += 1 }
        return at
    }

    /// `self[at..<(at + 8)]` as one integer, the first byte lowest.
    @inline(__always)
    func eightBytes(_ at: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(baseAddress.unsafelyUnwrapped + at).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each of the eight bytes in `eight` that is `byte`, exact up to the
    /// first one (a borrow may set bits above it), which is all the loops look at.
    @inline(__always)
    static func bytes(of byte: UInt8, in eight: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let zeros = eight ^ ones &* UInt64(byte)
        return (zeros &- ones) & ~zeros & high
    }

    /// The first byte at or after `start` that is not a byte of a word (`isWord`), `count`
    /// when none: letters eight at a time, then byte by byte.
    func wordEnd(from start: Int) -> Int {
        var at = start
        while at + 8 <= count {
            let others = SourceLexer.nonLetters(eightBytes(at))
            if others != 0 {
                at += others.trailingZeroBitCount / 8
                break
            }
            at += 8
        }
        while at < count, SourceLexer.isWord(self[at]) { at += 1 }
        return at
    }

    /// The last byte of the single-line string without interpolation that starts at
    /// `start`, the common case; nil for any other.
    func plainStringEnd(from start: Int) -> Int? {
        var at = stringEndOrEscape(from: start + 1)
        while at < count {
            switch self[at] {
            case UInt8(ascii: "\""): return at
            case UInt8(ascii: "\n"): return at - 1  // ends at its line's end, closed or not
            default:  // `\`
                guard at + 1 < count else { return count - 1 }
                switch self[at + 1] {
                case UInt8(ascii: "("): return nil
                case UInt8(ascii: "\n"): at += 1
                default: at += 2
                }
            }
            at = stringEndOrEscape(from: at)
        }
        return count - 1
    }
}

// MARK: The stack of brackets open

extension SourceLexer {
    /// Positions pushed and popped at every bracket, in memory of their own that `measure`
    /// frees: an array would check at each push and pop that it is not shared.
    struct Stack {
        private var elements: UnsafeMutablePointer<Position>?
        private var capacity = 0
        private(set) var count = 0

        subscript(index: Int) -> Position {
            precondition(index >= 0 && index < count)
            return elements.unsafelyUnwrapped[index]
        }

        mutating func append(_ position: Position) {
            if count == capacity {
                capacity = max(64, 2 * capacity)
                let grown = UnsafeMutablePointer<Position>.allocate(capacity: capacity)
                if let elements {
                    grown.moveInitialize(from: elements, count: count)
                    elements.deallocate()
                }
                elements = grown
            }
            (elements.unsafelyUnwrapped + count).initialize(to: position)
            count += 1
        }

        /// Pops the elements from `index` on.
        mutating func removeAll(from index: Int) {
            precondition(index >= 0 && index <= count)
            count = index
        }

        func deallocate() { elements?.deallocate() }
    }
}
