import Foundation

/// What one hostile or broken file may cost on disk and in memory: a committed file can
/// neither crash a run nor stall it. Each bound is reported, with the file, when a file
/// reaches it. What a file may cost the parser is `ParseLimits` (StrataParsing).
public enum InputLimits {
    /// The stack of every thread that parses or walks syntax trees: recursion follows the
    /// nesting of the input, up to `ParseLimits.swiftNesting` levels (a debug build needs
    /// about 4 MB for them); only the pages used are ever touched.
    public static let stackSize = 64 << 20

    /// The most bytes read of one file: generated sources of tens of megabytes are read
    /// whole; a link to `/dev/zero` is not.
    public static let maximumFileSize = 256 << 20

    /// The deepest folder the walk enters; deeper ones are reported and left out.
    public static let maximumDirectoryDepth = 256
}
