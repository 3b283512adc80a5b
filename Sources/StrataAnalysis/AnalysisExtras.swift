/// The parts of an analysis only some of its readers show, each computed only when asked for.
/// What every reader needs is always computed: the modules, edges, cycles, metrics, DI,
/// linkage, build shape and layering, and the findings with whatever their rules read (the
/// grades of `unused-import`, the symbols an `implicit-dependency` finding names, the
/// access-control candidates of `unused-public` when `strata.yml` turns it on).
///
/// `analyze` and `check` ask for `.all`; the servers for all but `.accessControl`
/// (`StrataSession.completeResult` adds it); `strata history` for none, as a commit's snapshot
/// keeps none of them (`CommitSnapshot`); `strata diff` for what its formats show of each
/// revision (`DiffRun.Options.formats`). A result kept in a cache is kept under the extras it
/// was analyzed with (`AnalysisSession.digest`), so a run that shows more never reads it.
public struct AnalysisExtras: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every import graded (`AnalysisResult.imports`): the report's imports, `fix
    /// unused-imports`, the language server's hovers. Without it the result has none.
    public static let importGrades = AnalysisExtras(rawValue: 1 << 0)
    /// The symbols behind every import edge (`ImportEdge.symbols`): the report's edges and the
    /// edges a diff adds. Without it only the edges of `implicit-dependency` findings have them.
    public static let edgeSymbols = AnalysisExtras(rawValue: 1 << 1)
    /// Declarations by access level and the public API no other module uses
    /// (`AnalysisResult.accessControl`): a pass over every name every file spells.
    public static let accessControl = AnalysisExtras(rawValue: 1 << 2)

    public static let all: AnalysisExtras = [.importGrades, .edgeSymbols, .accessControl]
}
