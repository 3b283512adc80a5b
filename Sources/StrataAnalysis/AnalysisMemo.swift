import StrataModel

/// What one analysis made that the next analysis of the same session can take again where its
/// inputs are the same: a warm session (`watch`, `mcp`, `lsp`) analyzes the whole model again
/// on every edit though an edit changes one module, and `history` analyzes commit after commit
/// that change a few files each. A value the caller keeps between its analyses
/// (`Analyzer.analyze(…, memo:)` takes the last one and leaves the new one); it holds the last
/// analysis's only: units gone since are forgotten.
///
/// Files are compared by value (`[SourceFile] ==`); facts taken from memory share their storage,
/// so an unchanged unit compares at once.
public struct AnalysisMemo: Sendable {
    /// One unit of import grading (`ImportUsage.Grading`): its names and its part of the
    /// members' reach.
    struct GradingUnit: Sendable {
        var files: [SourceFile]
        var interface: ClangInterface?
        /// Nil until some import reaches the unit.
        var table: ImportUsage.Table?
        var reach: MemberReach.Part
    }

    /// One module's imports graded, with what the grading read of its own.
    struct ModuleGrade: Sendable {
        var module: AssembledModule
        var files: [SourceFile]
        var wanted: Set<Int>?
        var graded: ImportUsage.Grading.Graded
    }

    /// The last grading: its units by key, what it made of all of them together, what every
    /// module's grading read, and the modules' grades.
    struct Grading: Sendable {
        var units: [String: GradingUnit] = [:]
        var keys: [String] = []
        /// By unit, in `keys`' order: whether its table was made (some import reaches it).
        var tabled: [Bool] = []
        var reach: MemberReach?
        var index: ImportUsage.Index?
        var environment: ImportUsage.Grading.Environment?
        /// Each of `environment.paths`' place.
        var ordinals: [String: Int]?
        var modules: [String: ModuleGrade] = [:]
    }

    var grading = Grading()
    /// The last DI analysis, when the caller keeps one.
    var injection: InjectionWiring.Memo?

    public init() {}
}

extension ImportUsage.Grading {
    /// What every module's grading reads besides its own files and imports: the units and
    /// which are tabled, the modules' names and what they hold, what each unit re-exports, the
    /// import edges, every source path (a symbol's first site is ordered by them), the headers
    /// read. With the units' tables and reach parts, all the grading is made of.
    struct Environment: Equatable, Sendable {
        struct Shape: Equatable, Sendable {
            var name: String, importName: String, files: Int, clangSources: Bool?

            init(_ module: AssembledModule) {
                (name, importName, files, clangSources) = (module.name, module.importName, module.files, module.clangSources)
            }
        }

        var keys: [String]
        var tabled: [Bool]
        var modules: [Shape]
        var reexports: [Int: [Int]?]
        var edgeIndex: [Int: Int]
        var paths: [String]
        var clang: [ModuleID: ClangInterface]
    }

    /// Each unit's table (where `tabled`) and part of the members' reach: the last analysis's
    /// where the unit's files are the same, else made again; `same` when the units are the last
    /// analysis's, in its order, each with the same table and reach part (made again equal, or
    /// taken).
    static func units(
        keys: [String], tabled: [Bool], last: AnalysisMemo.Grading?, workers: any Workers,
        read: (Int) -> (files: [SourceFile], interface: ClangInterface?)
    ) -> (units: [AnalysisMemo.GradingUnit], same: Bool) {
        let made = workers.map(keys.count) { unit -> (unit: AnalysisMemo.GradingUnit, same: Bool) in
            let (files, interface) = read(unit)
            let previous = last?.units[keys[unit]]
            if var kept = previous, kept.files == files, kept.interface == interface {
                if tabled[unit] && kept.table == nil {
                    kept.table = ImportUsage.table(of: files, headers: interface)
                    return (kept, false)
                }
                return (kept, true)
            }
            var made = AnalysisMemo.GradingUnit(files: files, interface: interface, table: nil, reach: MemberReach.Part(files))
            if tabled[unit] { made.table = ImportUsage.table(of: files, headers: interface) }
            // Made again the same (an edit inside a function's body): as good as taken.
            let same = previous.map { $0.reach == made.reach && (!tabled[unit] || $0.table == made.table) } ?? false
            return (made, same)
        }
        return (made.map(\.unit), last?.keys == keys && made.allSatisfy(\.same))
    }
}
