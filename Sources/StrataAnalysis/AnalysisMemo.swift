import Foundation
import StrataModel

/// What one analysis made of each unit's files that the next analysis of the same session can
/// take again when the files are the same: a warm session (`watch`, `mcp`, `lsp`) analyzes the
/// whole model again on every edit, though an edit changes one module. Kept for the next
/// analysis only: units gone since are forgotten.
///
/// Files are compared by value (`[SourceFile] ==`); facts taken from memory share their storage,
/// so an unchanged unit compares at once.
public final class AnalysisMemo: @unchecked Sendable {
    /// One unit of import grading (`ImportUsage.Grading`): its names and its part of the
    /// members' reach.
    struct GradingUnit: Sendable {
        var files: [SourceFile]
        var interface: ClangInterface?
        /// Nil until some import reaches the unit.
        var table: ImportUsage.Table?
        var reach: MemberReach.Part
    }

    /// The last grading: its units by key, and what it made of all of them together, which
    /// the next takes again when every unit is the same.
    struct Grading: Sendable {
        var units: [String: GradingUnit] = [:]
        var keys: [String] = []
        /// By unit, in `keys`' order: whether its table was made (some import reaches it).
        var tabled: [Bool] = []
        var reach: MemberReach?
        var index: ImportUsage.Index?
    }

    private let lock = NSLock()
    private var kept = Grading()

    public init() {}

    var grading: Grading {
        get { lock.withLock { kept } }
        set { lock.withLock { kept = newValue } }
    }
}
