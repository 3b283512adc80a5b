import StrataModel
import StrataSourceTree

/// `strata fix unused-imports`: removes the imports graded `unused`, each file byte-identical
/// apart from the removed lines, or shows the change as a unified diff.
public enum UnusedImportFix {
    /// One file's change.
    public struct Edit: Sendable, Equatable {
        public var path: String
        public var before: [UInt8]
        public var after: [UInt8]
        /// The lines removed, 1-based.
        public var removed: [Int]
        /// Imports graded unused that were left alone, with why (a line holding more than the import).
        public var skipped: [(line: Int, reason: String)]

        public static func == (lhs: Edit, rhs: Edit) -> Bool {
            lhs.path == rhs.path && lhs.before == rhs.before && lhs.after == rhs.after && lhs.removed == rhs.removed
        }
    }

    /// The edits for these graded imports (only `unused` ones count), reading each file from `read`.
    public static func edits(_ imports: [GradedImport], read: (String) throws -> [UInt8]) throws -> [Edit] {
        var byFile: [String: [GradedImport]] = [:]
        for graded in imports where graded.grade == .unused { byFile[graded.evidence.file, default: []].append(graded) }
        var edits: [Edit] = []
        for (path, graded) in byFile.sorted(by: { $0.key < $1.key }) {
            let before = try read(path)
            let result = removing(graded.compactMap { entry in entry.evidence.line.map { ($0, entry.imported) } }, from: before)
            guard !result.removed.isEmpty || !result.skipped.isEmpty else { continue }
            edits.append(Edit(path: path, before: before, after: result.bytes, removed: result.removed, skipped: result.skipped))
        }
        return edits
    }

    /// The bytes without the given import lines (line, module); a line is removed only when it
    /// holds that one import statement (attributes, modifiers and a trailing comment allowed).
    static func removing(_ imports: [(line: Int, module: String)], from bytes: [UInt8]) -> (bytes: [UInt8], removed: [Int], skipped: [(line: Int, reason: String)]) {
        let lines = split(bytes)
        var drop = Set<Int>(), skipped: [(line: Int, reason: String)] = []
        for (line, module) in imports {
            guard line >= 1, line <= lines.count else {
                skipped.append((line, "no such line"))
                continue
            }
            let text = String(decoding: lines[line - 1], as: UTF8.self)
            if isImportOnly(text, module: module) {
                drop.insert(line)
            } else {
                skipped.append((line, "the line holds more than `import \(module)`"))
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, line) in lines.enumerated() where !drop.contains(index + 1) { out += line }
        return (out, drop.sorted(), skipped.sorted { $0.line < $1.line })
    }

    /// The file's lines, each with its line break (`\n` or `\r\n`), the last one without when
    /// the file does not end in one.
    static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = [], start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// `import M`, `@testable import M`, `public import M`, `import struct M.T`, `import M // why`.
    static func isImportOnly(_ line: String, module: String) -> Bool {
        var code = Substring(line)
        if let comment = code.range(of: "//") { code = code[..<comment.lowerBound] }
        guard !code.contains(";"), !code.contains("/*") else { return false }
        let words = code.split(whereSeparator: \.isWhitespace)  // `\r\n` is one Character
        guard let keyword = words.firstIndex(of: "import") else { return false }
        let before = words[..<keyword]
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        guard before.allSatisfy({ $0.hasPrefix("@") || modifiers.contains($0) }) else { return false }
        var rest = words[(keyword + 1)...]
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        if let kind = rest.first, kinds.contains(kind) { rest = rest.dropFirst() }
        guard rest.count == 1, let path = rest.first else { return false }
        return path.split(separator: ".").first.map(String.init) == module
    }

    /// A unified diff of the edits (`git apply` takes it), paths as `a/PATH` and `b/PATH`.
    public static func unifiedDiff(_ edits: [Edit]) -> String {
        var out = ""
        for edit in edits where !edit.removed.isEmpty {
            let lines = split(edit.before)
            out += "--- a/\(edit.path)\n+++ b/\(edit.path)\n"
            // Hunks: each removed line with 3 lines of context, merged when they touch.
            var hunks: [ClosedRange<Int>] = []
            for line in edit.removed {
                let range = max(1, line - 3)...min(lines.count, line + 3)
                if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                    hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    hunks.append(range)
                }
            }
            var shift = 0
            let removed = Set(edit.removed)
            for hunk in hunks {
                let dropped = hunk.filter(removed.contains).count
                let newStart = hunk.lowerBound - shift
                out += "@@ -\(hunk.lowerBound),\(hunk.count) +\(newStart),\(hunk.count - dropped) @@\n"
                for number in hunk {
                    // By bytes: `\r\n` is one Character to String.
                    let line = lines[number - 1]
                    let endsLine = line.last == UInt8(ascii: "\n")
                    let text = String(decoding: endsLine ? line.dropLast() : line, as: UTF8.self)
                    out += (removed.contains(number) ? "-" : " ") + text + "\n"
                    if !endsLine { out += "\\ No newline at end of file\n" }
                }
                shift += dropped
            }
        }
        return out
    }
}
