import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import StrataModel
import StrataGraphviz
import StrataPipeline
import StrataReport
import Testing

/// The DI graph drawn: service → implementation → what its factory resolves, by module.
@Suite struct InjectionGraphTests {
    /// Modules of `Package.swift`, named by their targets.
    static func id(_ name: String) -> ModuleID { ModuleID(manifest: "Package.swift", target: name) }
    static let names = ModuleNames(pairs: ["Domain", "Data"].map { (id($0), $0) })

    @Test func theGraphLinksServicesToImplementationsAndWhatTheyResolveByModule() throws {
        let at = { (line: Int) in Location(file: "App.swift", line: line) }
        let report = InjectionReport(
            registrations: [
                Registration(api: "container", service: "UseCase", implementation: "DefaultUseCase", module: "Domain", evidence: at(1), resolves: ["Repository"]),
                Registration(api: "container", service: "Repository", implementation: "SQLRepository", module: "Data", evidence: at(2)),
                Registration(api: "factory", service: "Repository", implementation: "MockRepository", module: "Data", evidence: at(3), kind: .override),
            ],
            edges: [InjectionEdge(from: Self.id("Domain"), to: Self.id("Data"), services: ["Repository"], containerOnly: true, inverted: false, breaks: ["cycle"], evidence: [at(1)])])
        let dot = try #require(InjectionGraph.render(report, names: Self.names))
        #expect(dot.contains("s1 -> i0"))
        #expect(dot.contains("i0 -> s0"))
        #expect(dot.contains("s0 -> i2 [color=\"#2f6fbf\", style=dashed, class=\"override\"]"))
        #expect(dot.contains("m1 -> m0 [style=dashed, color=\"#d1242f\", xlabel=\"Repository\""))
        #expect(dot.components(separatedBy: "subgraph").count - 1 == 2)
        // Each way between two modules: one double-headed edge with both labels.
        var both = report
        both.edges.append(InjectionEdge(from: Self.id("Data"), to: Self.id("Domain"), services: ["UseCase"], containerOnly: true, inverted: true, evidence: [at(2)]))
        let drawn = try #require(InjectionGraph.render(both, names: Self.names))
        #expect(drawn.contains("m0 -> m1 [style=dashed, color=\"#d1242f\", dir=both, xlabel=\"→ UseCase\\n← Repository\""))
        #expect(!drawn.contains("m1 -> m0"))
        #expect(InjectionGraph.render(.empty, names: Self.names) == nil)
    }

    @Test func namesDOTWouldReadAsOneStayTwoNodes() throws {
        let at = Location(file: "App.swift", line: 1)
        let report = InjectionReport(registrations: [
            Registration(api: "container", service: "a\nb", implementation: "X", module: "m\nn", evidence: at),
            Registration(api: "container", service: "a b", implementation: "X", module: "m n", evidence: at),
        ])
        let dot = try #require(InjectionGraph.render(report, names: Self.names))
        #expect(dot.components(separatedBy: "subgraph").count - 1 == 2)
        #expect(dot.contains("shape=ellipse") && dot.components(separatedBy: "shape=ellipse").count - 1 == 2)
        #expect(dot.components(separatedBy: "class=\"implementation\"").count - 1 == 2)
        #expect(dot.contains("label=\"a\u{240A}b\"") && dot.contains("label=\"a b\""))
    }

    /// An entity, a control character or NUL in a service, implementation, name or module
    /// is only ever an escaped label: the drawing is well-formed XML and shows each name.
    @Test func hostileNamesCannotBreakTheDrawing() throws {
        let at = Location(file: "App.swift", line: 1)
        let report = InjectionReport(registrations: [
            Registration(api: "container", service: "&foo;", name: "ctl\u{1}x", implementation: "a&lt;b", module: "nul\u{0}x", evidence: at),
            Registration(api: "container", service: "S", implementation: "del\u{7F}x", module: "m&n", evidence: at),
        ])
        let dot = try #require(InjectionGraph.render(report, names: Self.names))
        let svg = try GraphvizLayout.svg(dot: dot)
        for text in [">&amp;foo;</text>", ">a&amp;lt;b</text>", ">ctl\u{2401}x</text>", ">nul\u{2400}x</text>", ">del\u{2421}x</text>", ">m&amp;n</text>"] {
            #expect(svg.contains(text), "\(text)")
        }
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "the SVG is well-formed XML: \(String(describing: parser.parserError))")
    }

    @Test func theReportDrawsTheSamplesDIGraphEscaped() throws {
        let outcome = try Pipeline.run(.init(path: repositoryRoot + "/Samples/Synstagram", cacheDirectory: nil))
        var result = outcome.result
        // A hostile name from the repository must not become markup.
        result.injection.registrations[0].implementation = "</script><img src=x onerror=alert(1)>"
        let document = PreparedReport.prepare(result, for: [.html])
        _ = try #require(try document.injectionSVG.get())
        let page = String(decoding: try HTMLReporter.page(document), as: UTF8.self)
        let drawn = try injectionDrawing(page)
        #expect(drawn.hasPrefix("<svg"))
        #expect(drawn.contains("LoginDependency") && drawn.contains("AlbumListDependencyItem"))
        #expect(!page.contains("<img") && drawn.contains("&lt;img"))
    }
}

@Suite struct InjectionJSONTests {
    @Test func aResultSavedBeforeTheNewFieldsStillReads() throws {
        let old = """
            {"registrations": [{"api": "container", "service": "P", "module": "A", "evidence": "A.swift:1", "resolves": []}],
             "resolutions": [{"api": "container", "service": "P", "module": "A", "evidence": "A.swift:2",
                              "registrations": ["A.swift:1"], "checkedAtRunTime": true}],
             "duplicates": [], "edges": [], "unregistered": []}
            """
        let report = try JSONDecoder().decode(InjectionReport.self, from: Data(old.utf8))
        #expect(report.registrations.first?.kind == .definition && report.registrations.first?.values == [])
        #expect(report.resolutions.first?.dynamicName == false && report.containers.isEmpty && report.uncheckable.isEmpty)
        // And what is written now reads back the same.
        var current = report
        current.registrations[0].kind = .override
        current.resolutions[0].dynamicName = true
        current.containers = [InjectionContainer(type: "C", registers: ["r(_:)"], resolves: ["g(_:)"], reason: "why", evidence: Location(file: "C.swift", line: 3))]
        #expect(try JSONDecoder().decode(InjectionReport.self, from: JSONEncoder().encode(current)) == current)
    }
}
