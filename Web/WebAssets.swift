/// The pages' templates, stylesheets and scripts. They are real files in `Web/`, edited as
/// such, and compiled into the binary (SwiftPM's `embedInCode`), so `strata` copied anywhere
/// alone still writes complete reports.
///
/// Every page is the one skeleton (`page.html`: the policy, the head, the footer and the data
/// elements) around its body (`index.html`; `diff.html`, `history.html`, `org.html` after the
/// top they share, `top.html`: the bar and the title), with
/// `report.css` and its views: one file per view, joined in one closure (`'use strict'`), the
/// DOM helpers (`dom.js`) first. The report loads `report.css` and `report.js` beside it; the
/// diff, history and organisation pages are one file each, their style and script inline.
public enum WebAssets {
    /// The report page: `{{TITLE}}`, `{{DATA}}` (its data elements), `{{GRAPH}}`.
    public static let indexTemplate = page(kind: "report", assets: .files, body: PackageResources.index_html)
    /// The diff page: `{{TITLE}}`, `{{DATA}}`, `{{GRAPH}}`, `{{UNION}}`, `{{STYLE}}`, `{{SCRIPT}}`.
    public static let diffTemplate = page(kind: "diff", assets: .inline, body: PackageResources.diff_html)
    /// `strata history`'s trend page: `{{TITLE}}`, `{{DATA}}`, `{{STYLE}}`, `{{SCRIPT}}`.
    public static let historyTemplate = page(kind: "history", assets: .inline, body: PackageResources.history_html)
    /// `strata org`'s page: `{{TITLE}}`, `{{DATA}}`, `{{GRAPH}}`, `{{STYLE}}`, `{{SCRIPT}}`.
    public static let orgTemplate = page(kind: "organisation", assets: .inline, body: PackageResources.org_html)

    public static let stylesheet = text(PackageResources.report_css)
    public static let diffStylesheet = stylesheet + text(PackageResources.diff_css)
    public static let historyStylesheet = stylesheet + text(PackageResources.history_css)
    public static let orgStylesheet = historyStylesheet + text(PackageResources.org_css)

    /// `report.js`: the data first, the router (which renders every view) last.
    public static let script = bundle("Strata report: renders the embedded analysis into the static page", [
        PackageResources.data_js, PackageResources.overview_js, PackageResources.graph_js,
        PackageResources.metrics_js, PackageResources.findings_js, PackageResources.injection_js,
        PackageResources.linkage_js, PackageResources.access_js, PackageResources.plot_js, PackageResources.matrix_js,
        PackageResources.module_js, PackageResources.router_js,
    ])
    public static let diffScript = bundle("Strata diff: renders the embedded comparison", [PackageResources.page_js, PackageResources.diff_js])
    public static let historyScript = bundle("Strata history: renders the embedded timeline", [PackageResources.page_js, PackageResources.history_js])
    public static let orgScript = bundle("Strata organisation: renders the embedded repositories", [PackageResources.page_js, PackageResources.org_js])

    enum Assets { case files, inline }

    /// The skeleton around `body`. Filled once more by the reporter, so the parts put in here
    /// are Strata's own text, never a value.
    static func page(kind: String, assets: Assets, body: [UInt8]) -> String {
        let parts: [String: String] = switch assets {
        case .files: ["SCRIPT_SOURCES": "'self' file:", "ASSETS": "<link rel=\"stylesheet\" href=\"report.css\">\n<script src=\"report.js\" defer></script>"]
        // The inline script runs once the page is parsed (`bundle`).
        case .inline: ["SCRIPT_SOURCES": "'unsafe-inline'", "ASSETS": "<style>{{STYLE}}</style>\n<script>{{SCRIPT}}</script>"]
        }
        // The one-file pages open alike: the bar, whose links the script makes (`page.js`), and the title.
        let top = assets == .inline ? text(PackageResources.top_html) : ""
        var template = text(PackageResources.page_html)
        for (name, value) in parts.merging(["BODY": top + text(body), "KIND": kind], uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            template = template.replacing("{{\(name)}}", with: value)
        }
        return template
    }

    /// Views in one closure after `dom.js`, run when the page has been parsed (a deferred
    /// script already is; an inline one in the head waits for DOMContentLoaded). The closure is
    /// `async`: the report awaits its data, which the browser inflates (`data.js`).
    static func bundle(_ title: String, _ views: [[UInt8]]) -> String {
        "// \(title) (Web/*.js, joined).\n'use strict';\n"
            + "const strataPage = async () => {\n" + ([PackageResources.dom_js] + views).map(text).joined(separator: "\n") + "};\n"
            + "if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', strataPage); else strataPage();\n"
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
