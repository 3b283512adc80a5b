import Foundation
import StrataGraphviz
import StrataReport
import StrataWeb

/// The formats `strata org` writes, each a pure function of the document (and, for the page,
/// the graph Graphviz drew).
public enum OrgFormat: String, ReportFormat {
    case html, json, md

    public var reporter: any Reporter<OrgPage.Drawn> {
        switch self {
        case .html: FileReporter(fileName: "index.html") { Data(OrgPage.render($0.document, graph: $0.graph).utf8) }
        case .json: FileReporter(fileName: "org.json") { Data(HistoryFormat.json($0.document).utf8) }
        case .md: FileReporter(fileName: "org.md") { Data(OrgMarkdown.render($0.document).utf8) }
        }
    }
}

/// The organisation's page (`Web/org.html`, `org.css`, `org.js`): the document as JSON, the
/// cross-repository graph as Graphviz's SVG; nothing loaded from the network.
public enum OrgPage {
    /// The document with its graph as Graphviz drew it (nil: none, or not drawn).
    public struct Drawn {
        public var document: OrgDocument
        public var graph: String?

        public init(_ document: OrgDocument, graph: String?) { (self.document, self.graph) = (document, graph) }
    }

    public static func render(_ document: OrgDocument, graph: String?) -> String {
        let drawing = graph.map(WebPage.inlineSVG) ?? "<p class=\"muted\">No repository consumes another's package.</p>"
        return HistoryPage.page(WebAssets.orgTemplate, title: document.title, dataID: "org-data", value: document,
                                style: WebAssets.orgStylesheet, script: WebAssets.orgScript, values: ["GRAPH": Data(drawing.utf8)])
    }

    /// Consumers point at the packages they use, each edge labelled with the pinned version;
    /// a pin behind the newest is red. Nil when no repository consumes another. Repositories
    /// are nodes `r<index>` (their order in the document; the SVG's ids), their names only
    /// labels; an edge's class names its ends (`consumes f<from> t<to>`), as the module
    /// graph's do.
    public static func dot(_ document: OrgDocument) -> String? {
        guard !document.packages.isEmpty else { return nil }
        let index = Dictionary(document.repositories.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var involved = Set<String>()
        var edges: [DOT.Statement] = []
        for package in document.packages {
            involved.insert(package.repository)
            for consumer in package.consumers {
                involved.insert(consumer.repository)
                guard let from = index[consumer.repository], let to = index[package.repository] else { continue }
                let behind: [DOT.Attribute] = consumer.behind ? [.quoted("color", DOT.Theme.cycle), .quoted("fontcolor", DOT.Theme.cycle)] : []
                edges.append(.edge("r\(from)", "r\(to)", [.quoted("class", "consumes f\(from) t\(to)"), .label(consumer.version ?? "?")] + behind))
            }
        }
        var graph = DOT.Graph("org", graph: [.value("rankdir", "LR"), .value("nodesep", 0.3), .value("ranksep", 0.8)] + DOT.Theme.font(),
                              node: DOT.Theme.box + DOT.Theme.font(11), edge: [.quoted("color", DOT.Theme.edge)] + DOT.Theme.font(9))
        for (position, repository) in document.repositories.enumerated() where involved.contains(repository.name) && index[repository.name] == position {
            let modules = repository.trend.last.map { ["\($0.modules) module" + ($0.modules == 1 ? "" : "s")] } ?? []
            graph.node("r\(position)", [.quoted("id", "r\(position)"), .label(lines: [repository.name] + modules)])
        }
        graph.statements += edges
        return graph.text
    }

    /// The graph drawn by Graphviz (in its worker processes), or nil.
    public static func draw(_ document: OrgDocument, tell: (String) -> Void) -> String? {
        guard let dot = dot(document) else { return nil }
        return GraphvizLayout.draw([GraphvizLayout.Job(name: "the organisation graph", dot: dot, engine: "dot")], cache: nil, tell: tell).first ?? nil
    }
}

/// `org.md`: the repositories' latest snapshots and the shared packages, as Markdown tables.
public enum OrgMarkdown {
    public static func render(_ document: OrgDocument) -> String {
        func e(_ text: String) -> String { Markdown.escape(text) }
        var out = "# \(e(document.title))\n\n"
        out += "\(document.repositories.count) repositories, \(document.packages.count) shared internal packages"
        let drifting = document.packages.filter(\.drift)
        out += drifting.isEmpty ? ".\n\n" : ", \(drifting.count) pinned at more than one version.\n\n"
        out += "| repository | commits | latest | modules | import edges | cycles | errors | warnings | lines |\n"
        out += "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for repository in document.repositories {
            guard let latest = repository.trend.last else {
                out += "| \(e(repository.name)) | 0 | | | | | | | |\n"
                continue
            }
            let first = repository.trend.first!
            func delta(_ now: Int, _ then: Int) -> String { now == then || repository.trend.count < 2 ? "\(now)" : "\(now) (\(now > then ? "+" : "−")\(abs(now - then)))" }
            out += "| \(e(repository.name)) | \(repository.trend.count) | `\(latest.commit.prefix(12))` \(HistoryDate.day(latest.time)) "
                + "| \(delta(latest.modules, first.modules)) | \(delta(latest.importEdges, first.importEdges)) | \(delta(latest.cycles, first.cycles)) "
                + "| \(delta(latest.errors, first.errors)) | \(latest.warnings) | \(latest.lines) |\n"
        }
        if !document.packages.isEmpty {
            out += "\n## Shared packages\n"
            for package in document.packages {
                out += "\n### \(e(package.repository))\(package.drift ? " (versions drift: \(package.versions.map(e).joined(separator: ", ")))" : "")\n\n"
                out += "| consumer | as | version | requirement | pin changes |\n| --- | --- | --- | --- | ---: |\n"
                for consumer in package.consumers {
                    let version = (consumer.version.map(e) ?? "–") + (consumer.behind ? " (behind)" : "")
                    out += "| \(e(consumer.repository)) | \(consumer.kind) \(e(consumer.name)) | \(version) | \(consumer.requirement.map(e) ?? "–") | \(max(0, consumer.pins.count - 1)) |\n"
                }
            }
        }
        return out
    }
}
