import StrataModel

/// Findings as compiler-style lines for `strata check`, with paths made relative to where
/// strata was run (the PATH argument prefixed), so editors and CI logs turn them into links.
public struct FindingLines {
    /// The PATH argument; evidence paths are relative to it.
    public var root: String

    public init(root: String) { self.root = root }

    /// `file:line: severity: message (+N more) [rule]`, at the first piece of evidence.
    public func line(for finding: Finding) -> String {
        let place = finding.evidence.first.map { prefixed($0.description) } ?? prefixed(finding.module)
        let more = finding.evidence.count > 1 ? " (+\(finding.evidence.count - 1) more)" : ""
        return "\(place): \(Self.word(finding.severity)): \(finding.message)\(more) [\(finding.rule)]"
    }

    /// A suppressed finding, as a note that says why: `file:line: note: suppressed (reason): message [rule]`.
    public func suppressedLine(for finding: Finding) -> String {
        let place = finding.evidence.first.map { prefixed($0.description) } ?? prefixed(finding.module)
        return "\(place): note: suppressed (\(finding.suppression ?? "")): \(finding.message) [\(finding.rule)]"
    }

    /// `file:line: warning: message` for a problem with the input (an unreadable file, a
    /// manifest construct that could not be read), `note:` for a note, the path prefixed
    /// like findings'.
    public func line(for warning: Diagnostic) -> String {
        "\(prefixed(Location(file: warning.file, line: warning.line).description)): \(warning.isNote ? "note" : "warning"): \(warning.message)"
    }

    /// `Root: 1 error, 2 warnings, 0 notes in 9 modules`.
    public func total(_ result: AnalysisResult) -> String {
        let counts = result.summary.findings
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let suppressed = result.summary.suppressed > 0 ? " (\(result.summary.suppressed) suppressed inline)" : ""
        return "\(result.root): \(count(counts.error, "error")), \(count(counts.warn, "warning")), \(count(counts.info, "note")) in \(count(result.summary.modules, "module"))\(suppressed)"
    }

    /// The words compilers use, which editors and CI annotators recognise.
    public static func word(_ severity: Finding.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warn: "warning"
        case .info: "note"
        }
    }

    /// `file:line`, the path prefixed like findings'.
    public func place(_ location: Location) -> String { prefixed(location.description) }

    private func prefixed(_ relative: String) -> String {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        return base.isEmpty || base == "." ? relative : base + "/" + relative
    }
}
