/// The report's template, stylesheet and script. They are real files in `Web/`, edited as
/// such, and compiled into the binary (SwiftPM's `embedInCode`), so `strata` copied anywhere
/// alone still writes complete reports.
public enum WebAssets {
    /// The page template, with `{{TITLE}}`, `{{DATA}}` and `{{GRAPH}}` placeholders.
    public static let indexTemplate = text(PackageResources.index_html)
    /// The diff page template: `{{TITLE}}`, `{{SUBTITLE}}`, `{{CARDS}}`, `{{GRAPH}}`, `{{BODY}}`.
    public static let diffTemplate = text(PackageResources.diff_html)
    public static let stylesheet = text(PackageResources.report_css)
    /// `report.js`: one file per view, in one closure (`'use strict'`), in this order: the
    /// DOM helpers and the data first, the router (which renders every view) last.
    public static let script: String = {
        let views = [
            PackageResources.dom_js, PackageResources.data_js, PackageResources.overview_js, PackageResources.graph_js,
            PackageResources.metrics_js, PackageResources.findings_js, PackageResources.injection_js,
            PackageResources.linkage_js, PackageResources.access_js, PackageResources.plot_js, PackageResources.matrix_js,
            PackageResources.module_js, PackageResources.router_js,
        ]
        return "// Strata report: renders the embedded analysis into the static page (Web/*.js, joined).\n'use strict';\n(() => {\n"
            + views.map(text).joined(separator: "\n") + "})();\n"
    }()
    /// `strata history`'s trend page: `{{TITLE}}`, `{{STYLE}}`, `{{DATA}}`, `{{SCRIPT}}`.
    public static let historyTemplate = text(PackageResources.history_html)
    public static let historyStylesheet = text(PackageResources.history_css)
    public static let historyScript = text(PackageResources.history_js)
    /// `strata org`'s page: `{{TITLE}}`, `{{STYLE}}`, `{{DATA}}`, `{{GRAPH}}`, `{{SCRIPT}}`.
    public static let orgTemplate = text(PackageResources.org_html)
    public static let orgStylesheet = text(PackageResources.org_css)
    public static let orgScript = text(PackageResources.org_js)

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
