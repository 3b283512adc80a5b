import Foundation
import StrataGraphviz
import StrataReport
import Testing

/// What a run does when something outside the analysis fails: Graphviz crashes, a report
/// cannot be written, a file parses too slowly. The built `strata` is run as a user would.
@Suite struct RobustnessTests {
    static let binary = builtProduct("strata")

    func strata(_ arguments: [String], environment: [String] = []) throws -> ProcessRun {
        try run("/usr/bin/env", environment + [Self.binary!] + arguments)
    }

    /// A Tuist app of four feature frameworks on a Swinject core: each feature registers its
    /// router and, under a name, a router of the next feature's interface that wraps the next
    /// feature's own; one resolves back. The DI graph has named registrations and container
    /// edges both ways between modules drawn as clusters: with `label` on those edges, dot
    /// 2.43 corrupted its heap in `gvFreeLayout` and the run died (exit 134).
    static func makeTuistApp() throws -> TemporaryDirectory {
        let app = try TemporaryDirectory()
        let features = ["Catalog", "Cart", "Checkout", "Profile"]
        let dependencies = (["ShopCore"] + features).map { ".target(name: \"\($0)\")" }.joined(separator: ", ")
        try app.write("Project.swift", """
            import ProjectDescription

            private func framework(_ name: String, dependencies: [TargetDependency]) -> Target {
                Target(
                    name: name, platform: .iOS, product: .framework, bundleId: "com.shop.\\(name)",
                    sources: ["Targets/\\(name)/Sources/**"], dependencies: dependencies)
            }

            let project = Project(
                name: "Shop",
                packages: [.remote(url: "https://github.com/Swinject/Swinject.git", requirement: .upToNextMajor(from: "2.8.0"))],
                targets: [
                    framework("ShopCore", dependencies: [.package(product: "Swinject")]),
            \(features.map { "        framework(\"\($0)\", dependencies: [.target(name: \"ShopCore\")])," }.joined(separator: "\n"))
                    Target(
                        name: "Shop", platform: .iOS, product: .app, bundleId: "com.shop.app",
                        sources: ["Targets/Shop/Sources/**"], dependencies: [\(dependencies)]),
                ]
            )

            """)
        try app.write("Targets/ShopCore/Sources/Routing.swift", """
            import Swinject
            import UIKit

            \(features.map { "public protocol \($0)Routing: AnyObject { func makeScreen() -> UIViewController }" }.joined(separator: "\n"))

            public final class DIContainer {
                public static let shared = DIContainer()
                public let container = Container()
            }

            """)
        for (index, feature) in features.enumerated() {
            let next = features[(index + 1) % features.count]
            let back = index == 2 ? "\n        _ = DIContainer.shared.container.resolve(CartRouting.self, name: \"cart\")" : ""
            try app.write("Targets/\(feature)/Sources/\(feature)Assembly.swift", """
                import ShopCore
                import Swinject
                import UIKit

                final class \(feature)Router: \(feature)Routing {
                    func makeScreen() -> UIViewController { UIViewController() }
                }

                /// The next feature's screen, opened from this one: wraps the next feature's router.
                final class \(feature)To\(next)Router: \(next)Routing {
                    let wrapped: \(next)Routing?
                    init(wrapped: \(next)Routing?) { self.wrapped = wrapped }
                    func makeScreen() -> UIViewController { wrapped?.makeScreen() ?? UIViewController() }
                }

                public enum \(feature)Assembly {
                    public static func register(in container: Container) {
                        container.register(\(feature)Routing.self, name: "\(feature.lowercased())") { _ in \(feature)Router() }
                        container.register(\(next)Routing.self, name: "from\(feature)") { resolver in
                            \(feature)To\(next)Router(wrapped: resolver.resolve(\(next)Routing.self, name: "\(next.lowercased())"))
                        }
                    }

                    static func openNext() -> UIViewController? {
                        let next = DIContainer.shared.container.resolve(\(next)Routing.self, name: "from\(feature)")\(back)
                        return next?.makeScreen()
                    }
                }

                """)
        }
        try app.write("Targets/Shop/Sources/AppDelegate.swift", """
            import ShopCore
            \(features.map { "import \($0)" }.joined(separator: "\n"))
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    let container = DIContainer.shared.container
            \(features.map { "        \($0)Assembly.register(in: container)" }.joined(separator: "\n"))
                    return true
                }
            }

            """)
        return app
    }

    @Test(.enabled(if: binary != nil)) func theDIGraphOfATuistAppIsDrawnAndACrashedDrawingIsLeftOut() throws {
        let app = try Self.makeTuistApp()
        let drawn = try strata(["analyze", app.path, "-o", app.path + "/out", "--no-cache"])
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(!drawn.errors.contains("not drawn"), "\(drawn.errors)")
        let page = try String(contentsOfFile: app.path + "/out/index.html", encoding: .utf8)
        let drawing = try injectionDrawing(page)
        #expect(drawing.hasPrefix("<svg"))
        #expect(drawing.contains("CartRouter"))
        #expect(drawing.contains(">fromCatalog</text>"))
        let json = try Data(contentsOf: URL(fileURLWithPath: app.path + "/out/strata.json"))

        // The DI graph's worker aborts: a warning names the drawing, the rest is written.
        let crashed = try strata(
            ["analyze", app.path, "-o", app.path + "/crashed", "--no-cache"],
            environment: ["\(GraphvizLayout.abortHook)=the DI graph"])
        #expect(crashed.status == 0, "\(crashed.errors)")
        #expect(crashed.errors.contains("warning: the DI graph was not drawn: Graphviz crashed (signal 6"), "\(crashed.errors)")
        #expect(crashed.errors.components(separatedBy: "was not drawn").count == 2)
        let left = try String(contentsOfFile: app.path + "/crashed/index.html", encoding: .utf8)
        #expect(try injectionDrawing(left).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"520\" height=\"40\" viewBox=\"0 0 520 40\" class=\"not-drawn\">"))
        #expect(left.contains(">Cart</text>"))  // the module graph is still drawn
        #expect(try Data(contentsOf: URL(fileURLWithPath: app.path + "/crashed/strata.json")) == json)
    }

    @Test(.enabled(if: binary != nil)) func aReportThatCannotBeWrittenIsNamedAndTheOthersAreWritten() throws {
        let app = try Self.makeTuistApp()
        let out = app.path + "/out"
        try FileManager.default.createDirectory(atPath: out + "/index.html", withIntermediateDirectories: true)
        let blocked = try strata(["analyze", app.path, "-o", out, "--no-cache", "--quiet"])
        #expect(blocked.status == 2)
        #expect(blocked.errors == "error: \(out)/index.html: cannot write: a directory is in the way\n")
        #expect(FileManager.default.fileExists(atPath: out + "/strata.json"))
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".tmp") }.isEmpty)

        let graph = try strata(["graph", app.path, "-o", app.path + "/missing/graph.dot", "--no-cache"])
        #expect(graph.status == 2 && graph.errors == "error: \(app.path)/missing/graph.dot: cannot write: its folder does not exist\n")
        let baseline = try strata(["baseline", app.path, "-o", out, "--no-cache"])
        #expect(baseline.status == 2 && baseline.errors == "error: \(out): cannot write: a directory is in the way\n", "\(baseline.errors)")
    }

    /// A cache that cannot be written is one line per kind of cache file, and the reports are
    /// the same.
    @Test(.enabled(if: binary != nil)) func aCacheThatCannotBeWrittenIsNamedOnceAndChangesNothing() throws {
        let app = try Self.makeTuistApp()
        let cache = app.path + "/cache"
        let first = try strata(["analyze", app.path, "-o", app.path + "/first", "--cache-dir", cache])
        #expect(first.status == 0, "\(first.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        let facts = try #require(files.first { $0.hasSuffix(".bin") }), layouts = try #require(files.first { $0.hasSuffix("-layouts") })
        let result = try #require(files.first { $0.hasSuffix("-result.json") })
        // Each cache file replaced by what is in the way of writing it.
        for name in [facts, result, layouts] { try FileManager.default.removeItem(atPath: cache + "/" + name) }
        for name in [facts, result, layouts] { try FileManager.default.createDirectory(atPath: cache + "/" + name + "/x", withIntermediateDirectories: true) }
        let blocked = try strata(["analyze", app.path, "-o", app.path + "/blocked", "--cache-dir", cache])
        #expect(blocked.status == 0, "\(blocked.errors)")
        #expect(blocked.errors.contains("\(cache)/\(facts): warning: cache not saved: cannot write: a directory is in the way\n"), "\(blocked.errors)")
        #expect(blocked.errors.components(separatedBy: "; the cache is not kept\n").count == 2, "\(blocked.errors)")
        #expect(!blocked.errors.contains("note:"), "\(blocked.errors)")
        for report in ["strata.json", "index.html"] {
            #expect(FileManager.default.contents(atPath: app.path + "/first/" + report) == FileManager.default.contents(atPath: app.path + "/blocked/" + report), "\(report)")
        }
    }

    /// A file that parses for longer than the budget is reported by name and left out; the
    /// other module is analyzed and the process does not wait for the abandoned parse.
    @Test(.enabled(if: binary != nil)) func aFileOverTheTimeBudgetIsReportedAndTheRunGoesOn() throws {
        let repository = try TemporaryDirectory()
        try repository.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Slow", targets: [.target(name: "Slow"), .target(name: "Good", dependencies: ["Slow"])])
            """)
        try repository.write("Sources/Good/Good.swift", "import Slow\npublic struct Good {}\n")
        // Plain, valid code: no bound applies; a debug build parses it for far more than a second.
        let line = "let value = compute(first: 123456, second: [1, 2, 3], third: \"text\", fourth: { $0 + 1 })\n"
        try repository.write("Sources/Slow/Slow.swift", String(repeating: line, count: 250_000))
        let started = Date()
        let result = try strata(["analyze", repository.path, "-o", repository.path + "/out", "--no-cache", "--file-time-limit", "1"])
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("Sources/Slow/Slow.swift: warning: not analyzed: parsing took longer than 1 s"), "\(result.errors)")
        #expect(seconds < 30, "\(seconds) s")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: repository.path + "/out/strata.json"))) as? [String: Any]
        let modules = try #require(json?["modules"] as? [[String: Any]])
        let good = try #require(modules.first { $0["importName"] as? String == "Good" })
        let imports = good["imports"] as? [[Any]]  // rows: [module, evidence, …], the module an index into importedModules
        let named = try #require(json?["importedModules"] as? [String])
        #expect(imports?.contains { ($0.first as? Int).map { named[$0] } == "Slow" } == true)
        #expect(try strata(["analyze", repository.path, "--file-time-limit", "0"]).status == 2)
    }
}
