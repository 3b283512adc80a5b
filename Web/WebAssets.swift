/// The report's template, stylesheet and script. They are real files in `Web/`, edited as
/// such, and compiled into the binary (SwiftPM's `embedInCode`), so `strata` copied anywhere
/// alone still writes complete reports.
public enum WebAssets {
    /// The page template, with `{{TITLE}}`, `{{DATA}}` and `{{GRAPH}}` placeholders.
    public static let indexTemplate = text(PackageResources.index_html)
    /// The diff page template: `{{TITLE}}`, `{{SUBTITLE}}`, `{{CARDS}}`, `{{GRAPH}}`, `{{BODY}}`.
    public static let diffTemplate = text(PackageResources.diff_html)
    public static let stylesheet = text(PackageResources.report_css)
    public static let script = text(PackageResources.report_js)
    /// `strata history`'s trend page: `{{TITLE}}`, `{{STYLE}}`, `{{DATA}}`, `{{SCRIPT}}`.
    public static let historyTemplate = text(PackageResources.history_html)
    public static let historyStylesheet = text(PackageResources.history_css)
    public static let historyScript = text(PackageResources.history_js)

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
