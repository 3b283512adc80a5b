import Foundation

/// The report's template, stylesheet and script, shipped as resources of this target so the
/// `strata` binary finds them next to itself. They are real files in `Web/`, edited as such.
public enum WebAssets {
    /// The page template, with `{{TITLE}}`, `{{DATA}}` and `{{GRAPH}}` placeholders.
    public static var indexTemplate: String { get throws { try text("index.html") } }
    /// The diff page template: `{{TITLE}}`, `{{SUBTITLE}}`, `{{CARDS}}`, `{{GRAPH}}`, `{{BODY}}`.
    public static var diffTemplate: String { get throws { try text("diff.html") } }
    public static var stylesheet: String { get throws { try text("report.css") } }
    public static var script: String { get throws { try text("report.js") } }

    struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    static func text(_ name: String) throws -> String {
        let dot = name.lastIndex(of: ".")!
        guard let url = Bundle.module.url(forResource: String(name[..<dot]), withExtension: String(name[name.index(after: dot)...])) else {
            throw Missing(description: "report asset \(name) is missing from the Strata installation")
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
