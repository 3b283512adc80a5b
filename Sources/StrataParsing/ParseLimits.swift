/// What one hostile or broken Swift file may cost swift-syntax: the bounds `BoundedParse`
/// applies to sources and manifests alike, so that a committed file can neither crash a run
/// nor stall it. Each bound is reported, with the file and line, when a file reaches it; the
/// file-system bounds (file size, folder depth, stack size) are `InputLimits`.
public enum ParseLimits {
    /// The nesting swift-syntax parses (`maximumNestingLevel`; deeper code is left unparsed
    /// and reported). The same in debug and release builds, where swift-syntax's defaults differ.
    public static let swiftNesting = 256

    /// `[` directly inside `[` (`[[[…]]]`): swift-syntax 603's lookahead for inline array
    /// types takes about twice as long for each one more (25 in a row: 17 s in a release
    /// build), so the contents of longer runs are removed before parsing.
    public static let consecutiveBrackets = 12

    /// Brackets left open at the end of a file (`(`, `[`, `{` never closed): parsing time grows
    /// with about their cube (800 calls left open: 10 s), and the time to look past
    /// whitespace and comments after them doubles with every two more (32 open: 250 µs a
    /// byte; 16: about 1 µs), so the file is read up to the 17th. An unfinished edit leaves a
    /// few. Also the most generic argument lists open on one line (`a<b<c<…`).
    public static let unclosedBrackets = 16

    /// What one line may cost swift-syntax's error recovery: it lexes ahead to the end of the
    /// line for each token it cannot place, so a line of garbage costs about the square of its
    /// length (a fuzzed `var a:ar a:ar …` in a type body, 60 KB: 22 s in a release build;
    /// `"K "K "K …` in a dictionary literal, 100 KB: 38 s). Tokens it cannot place are
    /// counted as juxtapositions (`SourceLexer.Atom` says which pairs count). A line whose
    /// juxtapositions times bytes pass `lineRecoveryCost` (about half a second) is emptied
    /// but for its brackets, and so are lines past 65,536 once they add up to
    /// `fileRecoveryCost`; when the file's juxtapositions times its bytes pass
    /// `lineRecoveryCost`, every line with one is. A long line of valid data, one array
    /// literal of 100,000 numbers, costs nothing and stays.
    public static let lineRecoveryCost = 1 << 24
    public static let fileRecoveryCost = 1 << 26
}
