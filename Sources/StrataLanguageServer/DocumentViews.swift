import Foundation
import StrataAnalysis
import StrataModel
import StrataPipeline
import StrataReport

/// What the server shows for one file of the analysis: its diagnostics, the hover of an import
/// line and the code actions on a range. Pure functions of the session and the file's text as
/// analyzed (the editor's unsaved text, else the file on disk), so lines always match.
public enum DocumentViews {
    /// The file's lines without their line breaks (`\n` or `\r\n`).
    static func lines(_ bytes: [UInt8]) -> [Substring] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
    }

    /// A whole line, from its first non-blank character to its end (UTF-16, as LSP counts).
    static func range(ofLine line: Int, in lines: [Substring]) -> LSP.Range {
        guard line >= 0, line < lines.count else { return LSP.Range(start: .init(line: max(0, line), character: 0), end: .init(line: max(0, line), character: 0)) }
        let text = lines[line]
        let indent = text.prefix { $0 == " " || $0 == "\t" }.utf16.count
        return LSP.Range(start: .init(line: line, character: indent), end: .init(line: line, character: text.utf16.count))
    }

    /// One diagnostic per finding and evidence line in `path`, sorted by line, then rule and message.
    public static func diagnostics(path: String, result: AnalysisResult, text: [UInt8]) -> [LSP.Diagnostic] {
        let lines = lines(text)
        var seen: Set<LSP.Diagnostic> = []
        var diagnostics: [LSP.Diagnostic] = []
        for finding in result.findings {
            for location in finding.evidence where location.file == path {
                let severity: LSP.Diagnostic.Severity = switch finding.severity {
                case .error: .error
                case .warn: .warning
                case .info: finding.rule == .unusedImport ? .hint : .information
                }
                let diagnostic = LSP.Diagnostic(
                    range: range(ofLine: (location.line ?? 1) - 1, in: lines), severity: severity, code: finding.rule.rawValue,
                    message: finding.message, tags: finding.rule == .unusedImport ? [1] : nil)
                if seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
            }
        }
        return diagnostics.sorted { lhs, rhs in
            (lhs.range.start, lhs.severity.rawValue, lhs.code, lhs.message) < (rhs.range.start, rhs.severity.rawValue, rhs.code, rhs.message)
        }
    }

    /// The module a file belongs to (the first by name when two claim it).
    static func owner(of path: String, in project: Project) -> (module: AssembledModule, file: SourceFile)? {
        for module in project.modules.sorted(by: { $0.name < $1.name }) {
            if let file = project.sources[module.id]?.first(where: { $0.path == path }) { return (module, file) }
        }
        return nil
    }

    /// The hover of an import line (`line` 0-based): what the file uses from the module, the
    /// module's layer and metrics, and the import's grade when it can go. nil off import lines.
    public static func hover(path: String, line: Int, result: AnalysisResult, project: Project, text: [UInt8]) -> LSP.Hover? {
        guard let (module, file) = owner(of: path, in: project),
              let site = module.imports.filter({ $0.evidence.file == path && $0.evidence.line.map { $0 - 1 } == line }).min()
        else { return nil }
        let escape = Markdown.escape
        let imported = site.module
        let target = project.modules.filter { $0.importName == imported && $0.name != module.name }.min { $0.name < $1.name }
        var out: [String] = []
        if let target {
            let layer = result.layering?.layers.first { $0.modules.contains(target.name) }
            let kind = target.kind.rawValue
            out.append("**\(escape(target.name))**: \(escape(kind)) module" + (layer.map { ", layer **\(escape($0.name))**" } ?? ", no layer"))
        } else {
            out.append("**\(escape(imported))**: a module outside the repository")
        }
        let graded = result.imports?.imports.first { $0.evidence == site.evidence && $0.imported == imported }
        if let uses = FileImportUses.uses(of: site, in: file, module: module.name, project: project) {
            if uses.isEmpty {
                out.append("This file uses nothing from \(escape(imported)).")
            } else {
                let shown = uses.prefix(12).map { "\(escape($0.name)) (\(escape($0.kind)), \($0.count)×)" }
                let more = uses.count > shown.count ? ", and \(uses.count - shown.count) more" : ""
                out.append("This file uses \(uses.count) name\(uses.count == 1 ? "" : "s") from \(escape(imported)): " + shown.joined(separator: ", ") + more + ".")
            }
        } else {
            out.append("The sources of \(escape(imported)) are not here: what this file uses from it is unknown.")
        }
        if let graded {
            out.append("Import graded **\(graded.grade.rawValue)**: this file \(escape(graded.explanation)).")
        }
        if let target, let metrics = result.modules.first(where: { $0.module.name == target.name })?.metrics {
            func number(_ value: Double) -> String { String(format: "%.2f", value) }
            out.append(
                "| Ce | Ca | instability | abstractness | distance |\n| --- | --- | --- | --- | --- |\n"
                    + "| \(metrics.ce) | \(metrics.ca) | \(number(metrics.instability)) | \(number(metrics.abstractness)) | \(number(metrics.distance)) |")
        }
        let lines = lines(text)
        return LSP.Hover(contents: LSP.MarkupContent(value: out.joined(separator: "\n\n")), range: range(ofLine: line, in: lines))
    }

    /// "Remove unused import X" for each import graded `unused` on the lines of `range`: the edit
    /// deletes the line `strata fix unused-imports` would delete (nothing when the line holds
    /// more than the import).
    public static func codeActions(
        uri: String, path: String, range: LSP.Range, context: [LSP.ContextDiagnostic], result: AnalysisResult, text: [UInt8]
    ) -> [LSP.CodeAction] {
        let lines = range.start.line...max(range.start.line, range.end.line)
        let graded = (result.imports?.imports ?? []).filter { graded in
            graded.grade == .unused && graded.evidence.file == path && graded.evidence.line.map { lines.contains($0 - 1) } == true
        }
        let count = Self.lines(text).count
        return graded.sorted().compactMap { graded -> LSP.CodeAction? in
            guard let edit = (try? UnusedImportFix.edits([graded], read: { _ in text }))?.first, let removed = edit.removed.first else { return nil }
            let line = removed - 1
            // The line and its line break; the last line, without one, up to its end.
            let end = line + 1 < count ? LSP.Position(line: line + 1, character: 0) : Self.range(ofLine: line, in: Self.lines(text)).end
            let deletion = LSP.TextEdit(range: LSP.Range(start: .init(line: line, character: 0), end: end), newText: "")
            let matching = context.filter { $0.range.start.line == line && $0.code == .string(RuleID.unusedImport.rawValue) }
            return LSP.CodeAction(
                title: "Remove unused import \(graded.imported)", kind: "quickfix", diagnostics: matching.isEmpty ? nil : matching,
                isPreferred: true, edit: LSP.WorkspaceEdit(changes: [uri: [deletion]]))
        }
    }
}
