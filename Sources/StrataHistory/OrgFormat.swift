import Foundation
import StrataGraphviz
import StrataReport
import StrataWeb

/// The formats `strata org` writes, each a pure function of the document (and, for the page,
/// the graph Graphviz drew).
public enum OrgFormat: String, CaseIterable, Sendable {
    case html, json, md

    public var fileName: String {
        switch self {
        case .html: return "index.html"
        case .json: return "org.json"
        case .md: return "org.md"
        }
    }

    public func render(_ document: OrgDocument, graph: String?) -> String {
        switch self {
        case .html: return OrgPage.render(document, graph: graph)
        case .json: return HistoryFormat.json(document)
        case .md: return OrgMarkdown.render(document)
        }
    }
}

/// The organisation's page (`Web/org.html`, `org.css`, `org.js`): the document as JSON, the
/// cross-repository graph as Graphviz's SVG; nothing loaded from the network.
public enum OrgPage {
    public static func render(_ document: OrgDocument, graph: String?) -> String {
        let json = (try? ReportJSON.compact(document)) ?? Data("{}".utf8)
        let values = [
            "TITLE": HTMLReporter.escapeHTML(document.title),
            "STYLE": WebAssets.orgStylesheet,
            "DATA": String(decoding: HTMLReporter.escapeForScript(json), as: UTF8.self),
            "GRAPH": graph.flatMap { svg in svg.range(of: "<svg").map { String(svg[$0.lowerBound...]) } }
                ?? "<p class=\"muted\">No repository consumes another's package.</p>",
            "SCRIPT": WebAssets.orgScript,
        ]
        return HistoryPage.fill(WebAssets.orgTemplate, values)
    }

    /// Consumers point at the packages they use, each edge labelled with the pinned version;
    /// a pin behind the newest is red. Nil when no repository consumes another.
    public static func dot(_ document: OrgDocument) -> String? {
        guard !document.packages.isEmpty else { return nil }
        var involved = Set<String>()
        var lines = [
            "digraph org {", "  rankdir=LR;", "  graph [fontname=\"Helvetica\", nodesep=0.3, ranksep=0.8];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef3f8\", color=\"#7a8ca3\", fontname=\"Helvetica\", fontsize=11];",
            "  edge [color=\"#7a8ca3\", fontname=\"Helvetica\", fontsize=9];",
        ]
        var edges: [String] = []
        for package in document.packages {
            involved.insert(package.repository)
            for consumer in package.consumers {
                involved.insert(consumer.repository)
                let color = consumer.behind ? ", color=\"#c62828\", fontcolor=\"#c62828\"" : ""
                edges.append("  \(quote(consumer.repository)) -> \(quote(package.repository)) [label=\(quote(consumer.version ?? "?"))\(color)];")
            }
        }
        for repository in document.repositories where involved.contains(repository.name) {
            let modules = repository.trend.last.map { "\\n\($0.modules) module" + ($0.modules == 1 ? "" : "s") } ?? ""
            lines.append("  \(quote(repository.name)) [label=\"\(escape(repository.name))\(modules)\"];")
        }
        return (lines + edges + ["}"]).joined(separator: "\n") + "\n"
    }

    /// The graph drawn by Graphviz (in its worker processes), or nil.
    public static func draw(_ document: OrgDocument, tell: (String) -> Void) -> String? {
        guard let dot = dot(document) else { return nil }
        return GraphvizLayout.draw([GraphvizLayout.Job(name: "the organisation graph", dot: dot, engine: "dot")], cache: nil, tell: tell).first ?? nil
    }

    static func quote(_ text: String) -> String { "\"" + escape(text) + "\"" }

    /// A DOT string's inside: quotes and backslashes escaped (so `\N` or `\G` stay text), line
    /// breaks folded.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case _ where character.isNewline: result += " "
            default: result.append(character)
            }
        }
        return result
    }
}

/// `org.md`: the repositories' latest snapshots and the shared packages, as Markdown tables.
public enum OrgMarkdown {
    public static func render(_ document: OrgDocument) -> String {
        func e(_ text: String) -> String { DiffMarkdown.escape(text) }
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
