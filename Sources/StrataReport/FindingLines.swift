import StrataModel

/// Findings as compiler-style lines for `strata check`, with paths relative to the repository
/// root (after the PATH argument when it is relative: relative to where strata was run), so
/// editors, CI logs and GitHub turn them into links.
public struct FindingLines {
    /// The PATH argument; evidence paths are relative to it, and printed with it in front
    /// when it is relative (see `path(_:)`).
    public var root: String

    public init(root: String) { self.root = root }

    /// `file:line: severity: message (+N more) [rule]`, at the first piece of evidence.
    public func line(for finding: Finding) -> String {
        let place = finding.evidence.first.map { path($0.description) } ?? path(finding.module)
        let more = finding.evidence.count > 1 ? " (+\(finding.evidence.count - 1) more)" : ""
        return "\(place): \(Self.word(finding.severity)): \(finding.message)\(more) [\(finding.rule)]"
    }

    /// A suppressed finding, as a note that says why: `file:line: note: suppressed (reason): message [rule]`.
    public func suppressedLine(for finding: Finding) -> String {
        let place = finding.evidence.first.map { path($0.description) } ?? path(finding.module)
        return "\(place): note: suppressed (\(finding.suppression ?? "")): \(finding.message) [\(finding.rule)]"
    }

    /// `file:line: warning: message` for a problem with the input (an unreadable file, a
    /// manifest construct that could not be read), `note:` for a note, the path
    /// as findings'.
    public func line(for warning: Diagnostic) -> String {
        "\(path(Location(file: warning.file, line: warning.line).description)): \(warning.isNote ? "note" : "warning"): \(warning.message)"
    }

    /// `Root: 1 error, 2 warnings, 0 notes in 9 modules`.
    public func total(_ result: AnalysisResult) -> String {
        let suppressed = result.summary.suppressed > 0 ? " (\(result.summary.suppressed) suppressed inline)" : ""
        return "\(result.root): \(Self.counted(result.summary.findings)) in \(Self.count(result.summary.modules, "module"))\(suppressed)"
    }

    /// `Root: 54 of 120 imports (45%) not graded, …`: what the unused-import rule could not
    /// judge and why; nil when it judged every import.
    public func unknownImports(_ result: AnalysisResult) -> String? {
        result.imports?.unknownSummary.map { "\(result.root): \($0)" }
    }

    /// `1 error, 2 warnings, 0 notes`.
    public static func counted(_ counts: FindingCounts) -> String {
        "\(count(counts.error, "error")), \(count(counts.warn, "warning")), \(count(counts.info, "note"))"
    }

    private static func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// The words compilers use, which editors and CI annotators recognise.
    public static func word(_ severity: Finding.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warn: "warning"
        case .info: "note"
        }
    }

    /// `file:line`, the path as findings'.
    public func place(_ location: Location) -> String { path(location.description) }

    /// A path relative to the repository root, as every command prints it: after a relative
    /// PATH (it then resolves from the current folder, as in CI, where PATH is `.` or a folder
    /// of the checkout), alone after an absolute one (relative to the repository, never a path
    /// that resolves on one machine only).
    public func path(_ relative: String) -> String {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        return base.isEmpty || base == "." || base.hasPrefix("/") ? relative : base + "/" + relative
    }
}
