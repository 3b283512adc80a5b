import Foundation
import StrataModel
import StrataPipeline
import Testing

/// Containers whose source is elsewhere (`ForeignContainerFamily`): the wrapper `@Injectable`
/// is declared nowhere here; registrations confirm it, and each is recorded.
@Suite struct ForeignContainerTests {
    static func report(_ app: String) throws -> InjectionReport {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [.executableTarget(name: "App")])
            """)
        try folder.write("Sources/App/Services.swift", """
            protocol AuthService {}
            final class AuthServiceImpl: AuthService {}
            protocol Clock {}
            struct SystemClock: Clock {}
            protocol Logger {}
            """)
        try folder.write("Sources/App/main.swift", app)
        return try Pipeline.run(Pipeline.Options(path: folder.path, formats: [], cacheDirectory: nil)).result.injection
    }

    /// A closure registration with options (`scope:`) registers its metatype, as it confirms
    /// the wrapper: its resolution is served, not unregistered.
    @Test(arguments: [
        "container.register(Clock.self) { SystemClock() }",
        "container.register(Clock.self, scope: .singleton) { SystemClock() }",
        "container.register(Clock.self, scope: .graph, in: .app) { SystemClock() }",
        "container.register(interface: Clock.self, implement: { SystemClock() })",
    ])
    func aClosureRegistrationServesTheWrapper(registration: String) throws {
        let report = try Self.report("""
            let container = Container.shared
            container.register(type: AuthServiceImpl.self)
            \(registration)
            struct Screen {
                @Injectable var auth: AuthService
                @Injectable var clock: Clock
                @Injectable var logger: Logger
            }
            """)
        #expect(report.registrations.contains { $0.service == "Clock" }, "\(report.registrations.map(\.service))")
        #expect(report.resolutions.contains { $0.service == "Clock" })
        // What nothing registers stays unregistered, and only that.
        #expect(report.unregistered.map(\.service) == ["Logger"], "\(report.unregistered.map(\.service))")
    }

    /// A type registered by `register(type:)` serves every wrapped service it provides (a
    /// conformance, a typealias member), not only the first.
    @Test func aTypeRegistrationServesEveryServiceItProvides() throws {
        let report = try Self.report("""
            final class AppDeps: AuthService, Clock { typealias Logging = Logger }
            Container.shared.register(type: AppDeps.self)
            struct Screen {
                @Injectable var auth: AuthService
                @Injectable var clock: Clock
                @Injectable var logger: Logger
            }
            """)
        #expect(Set(report.registrations.filter { $0.implementation == "AppDeps" }.map(\.service)) == ["AuthService", "Clock", "Logger"])
        #expect(report.unregistered.isEmpty, "\(report.unregistered.map(\.service))")
    }

    /// A call with no closure, or two, registers nothing (`tableView.register(Cell.self,
    /// forCellReuseIdentifier:)`).
    @Test func aRegisterWithoutOneClosureIsNotARegistration() throws {
        let report = try Self.report("""
            let container = Container.shared
            container.register(type: AuthServiceImpl.self)
            container.register(Clock.self, forCellReuseIdentifier: "cell")
            container.register(Clock.self, make: { SystemClock() }, fallback: { SystemClock() })
            struct Screen { @Injectable var auth: AuthService; @Injectable var clock: Clock }
            """)
        #expect(!report.registrations.contains { $0.service == "Clock" })
        #expect(report.unregistered.map(\.service) == ["Clock"])
    }
}
