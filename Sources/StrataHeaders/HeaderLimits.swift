/// What one hostile or broken header may cost the reader: every bound is linear in the
/// header's bytes, and a header or module that reaches one is read as far as the bound and
/// marked uncertain (`HeaderUncertainty`), so that nothing is claimed unused on what was not read.
public enum HeaderLimits {
    /// Bytes of one header read; a larger one is not read.
    public static let fileBytes = 8 << 20
    /// Tokens of one header; the rest of a longer one is not read.
    public static let fileTokens = 1 << 21
    /// Brackets (`(`, `[`, `{`) and `#if` open at once; deeper, the rest of the header is not read
    /// (real headers nest a few levels; the reader recurses into nested structs).
    public static let nesting = 64
    /// Headers of one module read (an umbrella folder's, and those its headers include).
    public static let moduleHeaders = 2048
    /// Bytes of all the headers of one module read.
    public static let moduleBytes = 64 << 20
    /// Tokens of one declaration; a longer run without `;` is not read as a declaration.
    public static let declarationTokens = 1 << 16
}
