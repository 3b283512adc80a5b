import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import StrataSourceTree
import Testing

@Suite struct ReportTests {
    /// Names from the analyzed repository must never become markup or script.
    @Test func hostileNamesAreEscapedInEveryFormat() throws {
        let repo = try TemporaryDirectory()
        let hostile = "<img src=x onerror=alert(1)>"
        let closer = "</script><script>alert(2)</script>"
        try repo.write("Package.swift", """
            import PackageDescription
            let package = Package(name: "Evil", targets: [
                .target(name: "\(hostile)", path: "A"),
                .target(name: "B", dependencies: ["\(hostile)"], path: "\(closer.replacingOccurrences(of: "/", with: "_"))"),
            ])
            """)
        try repo.write("A/A.swift", "public struct A {}\n")
        try repo.write(closer.replacingOccurrences(of: "/", with: "_") + "/B.swift", "import Foundation\n")
        let outcome = try Pipeline.run(.init(path: repo.path, outputDirectory: repo.path + "/out", cacheDirectory: nil))
        #expect(outcome.result.modules.map(\.module.name).contains(hostile))
        let html = try String(contentsOfFile: repo.path + "/out/index.html", encoding: .utf8)
        #expect(!html.contains(hostile))
        #expect(!html.contains("<img"))
        #expect(!html.contains("</script><script>"))
        let dot = try String(contentsOfFile: repo.path + "/out/graph.dot", encoding: .utf8)
        #expect(dot.contains("\"\(hostile)\""))
        let svg = try String(contentsOfFile: repo.path + "/out/graph.svg", encoding: .utf8)
        #expect(!svg.contains("<img"))
        // Graphviz's layout as `CompactSVG` writes it: its graph group, no comments or titles.
        #expect(svg.contains("<g id=\"graph0\" class=\"graph\""))
        #expect(!svg.contains("<!--") && !svg.contains("<title>"))
        // Each module's rounded box, as Graphviz draws it, written as a rectangle.
        let nodes = svg.components(separatedBy: "<g id=\"m").dropFirst()
        #expect(!nodes.isEmpty && nodes.allSatisfy { $0.components(separatedBy: "</g>")[0].contains("<rect ") })
    }

    @Test func thePageHasTheDataTheGraphAndNoNetworkReferences() throws {
        let outcome = try Pipeline.run(.init(path: repositoryRoot + "/Samples/TheMonth", cacheDirectory: nil))
        let document = PreparedReport.prepare(outcome.result, for: [.html])
        let page = String(decoding: try HTMLReporter.page(document), as: UTF8.self)
        #expect(page.contains("<script type=\"application/zlib\" id=\"strata-data\">"))
        #expect(page.contains("<svg"))
        #expect(!page.contains("<?xml"))
        #expect(!page.contains("{{"))
        for pattern in ["src=\"http", "href=\"http", "src=\"//", "href=\"//", "@import", "url(http"] {
            #expect(!page.contains(pattern), "the page references the network: \(pattern)")
        }
    }
}

/// The report at scale: the collapsed overview, groups that open, neighbourhoods, the page
/// index and the module scripts.
@Suite struct ReportViewTests {
    /// A package of `count` targets in three layers by name (core, data, feature), each
    /// feature importing two data modules and each data module one core module; one cycle
    /// between two core modules.
    func makeLayeredRepository(count: Int) throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory()
        let third = count / 3
        var targets: [String] = []
        for index in 0..<count {
            let (name, imports): (String, [String]) =
                index < third ? ("Core\(index)", index == 0 ? ["Core1"] : index == 1 ? ["Core0"] : [])
                : index < 2 * third ? ("Data\(index)", ["Core\(index % third)"])
                : ("Feature\(index)", ["Data\(third + index % third)", "Data\(third + (index + 1) % third)"])
            targets.append(".target(name: \"\(name)\", dependencies: [\(imports.map { "\"\($0)\"" }.joined(separator: ", "))])")
            try repo.write("Sources/\(name)/\(name).swift", imports.map { "import \($0)\n" }.joined() + "public struct \(name)Type {}\n")
        }
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Big", targets: [
                \(targets.joined(separator: ",\n    "))
            ])
            """)
        return repo
    }

    @Test func pastFortyModulesTheOverviewIsOneNodePerLayerAndEachLayerOpens() throws {
        let repo = try makeLayeredRepository(count: 45)
        let outcome = try Pipeline.run(.init(path: repo.path, formats: [], cacheDirectory: nil))
        let document = PreparedReport.prepare(outcome.result, for: [.html])
        let views = try document.views.get()
        #expect(views.overviewGrouping == .layers)
        let layers = try #require(views.groupings.first)
        #expect(layers.groups.map(\.name) == ["core", "data", "presentation"])
        #expect(layers.groups.map(\.members.count) == [15, 15, 15])
        // One node per layer; the cycle inside core is named on its node.
        #expect(views.overview.components(separatedBy: "class=\"node group").count - 1 == 3)
        #expect(views.overview.contains("2 edges in cycles"))
        #expect(!views.overview.contains("Core0"))
        // Opened: the layer's modules, the other layers as single nodes.
        let core = layers.opened[0]
        #expect(core.contains(">Core0</text>") && core.contains(">Core14</text>"))
        #expect(!core.contains(">Data15</text>"))
        #expect(core.contains("class=\"node group g1\""))
        #expect(views.neighbourhoods.count == 45)
        #expect(views.depths == 3)
        #expect(views.limits == Array(repeating: ReportViews.largestNeighbourhood, count: 3))
        // A feature's neighbourhood at one hop: itself and its two data modules.
        let feature = try #require(document.graph.node(named: "Feature30"))
        #expect(views.neighbourhoodSizes[feature.index][0] == 3)
        #expect(views.neighbourhoodSizes[feature.index][1] == 5)
    }

    /// A Bazel workspace's packages are its BUILD files, most with one module: grouping by
    /// package would redraw the whole graph once per module, so only the layers are drawn.
    /// Packages that hold two modules on average are a grouping again.
    @Test func packagesOfAModuleEachAreNoGrouping() throws {
        for perPackage in [1, 2] {
            let repo = try TemporaryDirectory()
            try repo.write("MODULE.bazel", "module(name = \"big\")\n")
            var builds: [String: String] = [:]
            for index in 0..<48 {
                let name = index < 16 ? "Core\(index)" : index < 32 ? "Data\(index)" : "Feature\(index)"
                let below = index < 16 ? [] : ["Core\(index % 16)"]
                let package = "Modules/P\(index / perPackage)"
                try repo.write("\(package)/\(name)/\(name).swift", below.map { "import \($0)\n" }.joined() + "public struct \(name)Type {}\n")
                let deps = below.map { "\"//Modules/P\((Int($0.dropFirst(4)) ?? 0) / perPackage):\($0)\"" }.joined(separator: ", ")
                let build = "swift_library(name = \"\(name)\", module_name = \"\(name)\", srcs = glob([\"\(name)/*.swift\"]), deps = [\(deps)])\n"
                builds[package + "/BUILD.bazel", default: ""] += build
            }
            for (path, text) in builds { try repo.write(path, text) }
            let outcome = try Pipeline.run(.init(path: repo.path, formats: [], cacheDirectory: nil))
            #expect(outcome.result.edges.filter(\.imported).count == 32)
            let views = try PreparedReport.prepare(outcome.result, for: [.html]).views.get()
            #expect(views.groupings.map(\.kind) == (perPackage == 1 ? [.layers] : [.layers, .packages]))
        }
    }

    /// Every wider neighbourhood is drawn while a depth's new drawings hold at most
    /// `widerBudget` modules together, else only the small ones; one like the depth before,
    /// or over `largestNeighbourhood`, is not drawn and so not counted.
    @Test func widerNeighbourhoodsAreDrawnWithinTheBudget() {
        let budget = ReportViews.widerBudget, largest = ReportViews.largestNeighbourhood, small = ReportViews.smallNeighbourhood
        let one = Array(0..<2), wide = Array(0..<(budget / 10 + 1)), huge = Array(0..<(largest + 1))
        #expect(wide.count <= largest && wide.count > small)
        // Ten modules whose 2-hop drawings hold just over the budget together; nine within it.
        #expect(ReportViews.limits(members: Array(repeating: [one, wide, wide], count: 10)) == [largest, small, small])
        #expect(ReportViews.limits(members: Array(repeating: [one, wide, wide], count: 9)) == [largest, largest, largest])
        // The same modules as one hop less: nothing new to lay out.
        #expect(ReportViews.limits(members: Array(repeating: [wide, wide, wide], count: 20)) == [largest, largest, largest])
        // Too large to draw anyway: not counted.
        #expect(ReportViews.limits(members: Array(repeating: [one, huge, huge], count: 20)) == [largest, largest, largest])
        // Three hops over the budget, two within it.
        let mid = Array(0..<(budget / 25))
        #expect(ReportViews.limits(members: Array(repeating: [one, mid, wide], count: 10)) == [largest, largest, small])
        #expect(ReportViews.limits(members: [[[Int]]]()) == [])
    }

    /// Past the budget, a small wider neighbourhood is still drawn, a larger one is not.
    @Test func aLargeGraphDrawsItsSmallWiderNeighbourhoods() throws {
        // Thirty modules on a root, and thirty above each of them (two hops from an upper
        // one: 32 modules, over the budget together), and ten chains of three (two hops:
        // 3 modules).
        let repo = try TemporaryDirectory()
        var targets = [".target(name: \"Root\", path: \"Root\")"]
        try repo.write("Root/Root.swift", "public struct Root {}\n")
        let lower = (0..<30).map { "Lower\($0)" }
        for name in lower {
            targets.append(".target(name: \"\(name)\", dependencies: [\"Root\"], path: \"\(name)\")")
            try repo.write("\(name)/A.swift", "import Root\n")
        }
        for index in 0..<30 {
            targets.append(".target(name: \"Upper\(index)\", dependencies: [\(lower.map { "\"\($0)\"" }.joined(separator: ", "))], path: \"Upper\(index)\")")
            try repo.write("Upper\(index)/A.swift", lower.map { "import \($0)\n" }.joined())
        }
        for index in 0..<10 {
            let chain = ["X\(index)", "Y\(index)", "Z\(index)"]
            for (position, name) in chain.enumerated() {
                let next = position < 2 ? "\"\(chain[position + 1])\"" : ""
                targets.append(".target(name: \"\(name)\", dependencies: [\(next)], path: \"\(name)\")")
                try repo.write("\(name)/A.swift", position < 2 ? "import \(chain[position + 1])\n" : "public struct A {}\n")
            }
        }
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Hub", targets: [
                \(targets.joined(separator: ",\n    "))
            ])
            """)
        let outcome = try Pipeline.run(.init(path: repo.path, formats: [], cacheDirectory: nil))
        let views = try PreparedReport.prepare(outcome.result, for: [.html]).views.get()
        #expect(views.limits == [ReportViews.largestNeighbourhood, ReportViews.smallNeighbourhood, ReportViews.smallNeighbourhood])
        var drawnSmall = 0, leftOut = 0
        for (sizes, drawings) in zip(views.neighbourhoodSizes, views.neighbourhoods) {
            #expect(drawings[0] != nil)
            for depth in 1..<3 where sizes[depth] != sizes[depth - 1] {
                #expect((drawings[depth] != nil) == (sizes[depth] <= ReportViews.smallNeighbourhood))
                if drawings[depth] != nil { drawnSmall += 1 } else { leftOut += 1 }
            }
        }
        #expect(drawnSmall > 0 && leftOut > 0)
    }

    @Test func smallRepositoriesShowTheWholeGraphFirst() throws {
        let repo = try makeLayeredRepository(count: 12)
        let outcome = try Pipeline.run(.init(path: repo.path, formats: [], cacheDirectory: nil))
        let views = try PreparedReport.prepare(outcome.result, for: [.html]).views.get()
        #expect(views.overviewGrouping == nil)
        #expect(views.groupings.isEmpty)
        #expect(views.overview.contains(">Core0</text>") && views.overview.contains("cluster"))
    }

    @Test func thePageCarriesASummaryAndEachModuleScriptTheRest() throws {
        let repo = try makeLayeredRepository(count: 45)
        // Eight imports of Data15 in one file: more evidence than the page keeps per finding.
        try repo.write("Sources/Feature44/More.swift", String(repeating: "import Core3\n", count: 8))
        let output = repo.path + "/out"
        let outcome = try Pipeline.run(.init(path: repo.path, outputDirectory: output, formats: [.html], cacheDirectory: nil))
        let html = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        func embedded(_ id: String) throws -> [String: Any] {
            let json = try JSONSerialization.jsonObject(with: pageElement(html, id))
            return try #require(json as? [String: Any])
        }
        let summary = try embedded("strata-data"), index = try embedded("strata-page")
        let modules = try #require(summary["modules"] as? [[String: Any]])
        #expect(modules.allSatisfy { ($0["imports"] as? [Any])?.isEmpty == true })
        let implicit = try #require(outcome.result.findings.firstIndex { $0.module == "Feature44" && $0.dependency == "Core3" })
        let findings = try #require(summary["findings"] as? [[String: Any]])
        #expect((findings[implicit]["evidence"] as? [Any])?.count == 5)
        #expect((index["findingSites"] as? [Int])?[implicit] == 8)
        #expect(index["overview"] as? String == "layers")
        #expect((index["modules"] as? [String])?.count == 45)

        // The module's script: every import and its neighbourhood drawings.
        let position = try #require((index["modules"] as? [String])?.firstIndex(of: "Feature44"))
        // In the file of its 16 modules, a line each, the first in modules-0.js.
        #expect(index["modulesPerScript"] as? Int == HTMLReporter.modulesPerScript)
        let file = try String(contentsOfFile: output + "/data/modules-\(position / HTMLReporter.modulesPerScript).js", encoding: .utf8)
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
        let first = position - position % HTMLReporter.modulesPerScript
        #expect(lines.count == min(HTMLReporter.modulesPerScript, 45 - first) + 1 && lines.last == "")
        #expect(lines.dropLast().enumerated().allSatisfy { $1.hasPrefix("strataModule(\(first + $0), \"") })
        let script = String(lines[position - first])
        // Its JSON deflated, in base64.
        #expect(script.hasPrefix("strataModule(\(position), \"") && script.hasSuffix("\");"))
        let base64 = try #require(Data(base64Encoded: String(script.dropFirst("strataModule(\(position), \"".count).dropLast("\");".count))))
        let body = Data(try Inflate.zlib([UInt8](base64)).bytes)
        let details = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect((details["imports"] as? [Any])?.count == 10)
        #expect((details["graphs"] as? [Any])?.count == ReportViews.maximumDepth)
        #expect(FileManager.default.fileExists(atPath: output + "/data/layers.js"))
    }

    @Test func aWarmRunReusesEveryLayoutAndDropsUnusedOnes() throws {
        let repo = try makeLayeredRepository(count: 12)
        let cache = repo.path + "/cache"
        let run = { _ = try Pipeline.run(.init(path: repo.path, outputDirectory: repo.path + "/out", formats: [.html], cacheDirectory: cache)) }
        try run()
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix("-layouts") })
        func layouts() throws -> [UInt8] {
            guard case .intact(let bytes) = CacheFile.read(cache + "/" + file) else { throw CocoaError(.fileReadCorruptFile) }
            return bytes
        }
        let first = try layouts()
        #expect(String(decoding: first, as: UTF8.self).components(separatedBy: "</svg>").count > 13)
        // Unchanged (the second run's tree holds the cache and the reports the first wrote): the
        // layouts found by the inputs, the file not rewritten.
        try run()
        let svgs = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self).components(separatedBy: "</svg>").count }
        #expect(svgs(try layouts()) == svgs(first))
        let written = try FileManager.default.attributesOfItem(atPath: cache + "/" + file)[.modificationDate] as? Date
        try run()
        #expect(try FileManager.default.attributesOfItem(atPath: cache + "/" + file)[.modificationDate] as? Date == written)
        try repo.write("Sources/Feature11/Extra.swift", "import Core0\n")
        try run()
        let second = try layouts()
        #expect(second != first)
        #expect(String(decoding: second, as: UTF8.self).components(separatedBy: "</svg>").count > 13)
    }
}

@Suite struct ModuleNameTests {
    /// As SwiftPM's c99name: characters an identifier cannot hold become `_`; letters and
    /// digits of any script stay (a digit not first).
    @Test(arguments: [
        ("swift-parser-cli", "swift_parser_cli"), ("CaféDomain", "CaféDomain"), ("٠٠٠", "_٠٠"),
        ("9Lives", "_Lives"), ("Core Übersicht", "Core_Übersicht"), ("a.b+c", "a_b_c"),
    ])
    func importNamesFollowSwiftPM(target: String, module: String) {
        #expect(DiscoveredModule.moduleName(forTarget: target) == module)
    }
}
