import Foundation
import StrataModel
import StrataPipeline
import Testing

/// Families of spellings that mean the same thing: every spelling of a family must give the
/// same registrations, resolutions and unregistered list, the one its `expected.txt` states.
///
/// `Tests/Fixtures/Injection/<family>/expected.txt` holds the truth, one line per fact, sorted
/// (`#` starts a comment); each other folder of the family is one spelling, a package analyzed
/// as a user would (`Pipeline.run`). Lines are left out, as spellings differ in layout.
@Suite struct InjectionFamilyTests {
    static let root = repositoryRoot + "/Tests/Fixtures/Injection"

    /// `family/spelling` for every spelling folder.
    static let spellings: [String] = {
        let manager = FileManager.default
        var found: [String] = []
        for family in (try? manager.contentsOfDirectory(atPath: root)) ?? [] {
            guard manager.fileExists(atPath: "\(root)/\(family)/expected.txt") else { continue }
            for spelling in (try? manager.contentsOfDirectory(atPath: "\(root)/\(family)")) ?? [] {
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: "\(root)/\(family)/\(spelling)", isDirectory: &isFolder), isFolder.boolValue {
                    found.append("\(family)/\(spelling)")
                }
            }
        }
        return found.sorted()
    }()

    /// The facts of an injection report as the family files state them.
    static func summary(_ report: InjectionReport) -> [String] {
        func named(_ name: String?) -> String { name.map { " \"\($0)\"" } ?? "" }
        var lines: [String] = []
        for registration in report.registrations {
            let kind = registration.kind == .override ? "override" : "register"
            let dynamic = registration.dynamicName ? " (any name)" : named(registration.name)
            let made = registration.implementation.map { " -> \($0)" } ?? ""
            lines.append("\(kind) \(registration.service)\(dynamic)\(made) in \(registration.module)")
        }
        for resolution in report.resolutions {
            let dynamic = resolution.dynamicName ? " (any name)" : named(resolution.name)
            lines.append("resolve \(resolution.service)\(dynamic) in \(resolution.module): \(resolution.registrations.count)")
        }
        for resolution in report.unregistered {
            lines.append("unregistered \(resolution.service)\(named(resolution.name)) in \(resolution.module)")
        }
        return lines.sorted()
    }

    static func expected(_ family: String) throws -> [String] {
        let text = try String(contentsOfFile: "\(root)/\(family)/expected.txt", encoding: .utf8)
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.sorted()
    }

    @Test func everyFamilyHasAtLeastFourSpellings() {
        let families = Dictionary(grouping: Self.spellings) { $0.split(separator: "/")[0] }
        #expect(!families.isEmpty)
        for (family, spellings) in families {
            #expect(spellings.count >= 4, "\(family) has \(spellings.count) spellings")
        }
    }

    /// `Tests/Fixtures/InjectionApps/<app>`: the DI shapes of a public app, rebuilt.
    static let apps: [String] = {
        let root = repositoryRoot + "/Tests/Fixtures/InjectionApps"
        return ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .filter { FileManager.default.fileExists(atPath: "\(root)/\($0)/expected.txt") }.sorted()
    }()

    @Test(arguments: apps)
    func everyAppFindsItsFacts(app: String) throws {
        let folder = repositoryRoot + "/Tests/Fixtures/InjectionApps/" + app
        let found = Self.summary(try Pipeline.run(.init(path: folder, cacheDirectory: nil)).result.injection)
        let text = try String(contentsOfFile: folder + "/expected.txt", encoding: .utf8)
        let wanted = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.sorted()
        // Recall and precision over lines counted with their multiplicity.
        var rest = found
        var hits = 0
        for line in wanted { if let index = rest.firstIndex(of: line) { rest.remove(at: index); hits += 1 } }
        #expect(found == wanted, """
            \(app): recall \(hits)/\(wanted.count), precision \(hits)/\(found.count)
            missing: \(wanted.filter { !found.contains($0) })
            extra: \(found.filter { !wanted.contains($0) })
            """)
    }

    @Test(arguments: spellings)
    func everySpellingFindsTheFamilysFacts(spelling: String) throws {
        let family = String(spelling.split(separator: "/")[0])
        let result = try Pipeline.run(.init(path: "\(Self.root)/\(spelling)", cacheDirectory: nil)).result
        let found = Self.summary(result.injection)
        let wanted = try Self.expected(family)
        #expect(found == wanted, """
            \(spelling)
            missing: \(wanted.filter { !found.contains($0) })
            extra: \(found.filter { !wanted.contains($0) })
            """)
    }
}
