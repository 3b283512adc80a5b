import Foundation
import StrataModel
import StrataPipeline
import Testing

/// The samples' hand-written containers need no `injection:` section any more.
@Suite struct SampleContainerTests {
    @Test(arguments: ["Synstagram", "SafeBox/after"])
    func theSameWiringWithoutTheInjectionSection(sample: String) throws {
        let folder = repositoryRoot + "/Samples/" + sample
        let configured = try Pipeline.run(.init(path: folder, cacheDirectory: nil)).result.injection
        let text = try String(contentsOfFile: folder + "/strata.yml", encoding: .utf8)
        #expect(text.contains("injection:"))
        // The sample's strata.yml holds nothing but its injection section.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(UUID().uuidString).yml").path
        try "# no injection section\n".write(toFile: empty, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let found = try Pipeline.run(.init(path: folder, cacheDirectory: nil, configPath: empty)).result.injection
        func brief(_ registrations: [Registration]) -> [String] {
            registrations.map { "\($0.service) \($0.name ?? "-") \($0.implementation ?? "-") \($0.module) \($0.evidence)" }
        }
        func brief(_ resolutions: [Resolution]) -> [String] {
            resolutions.map { "\($0.service) \($0.name ?? "-") \($0.module) \($0.evidence) \($0.registrations)" }
        }
        #expect(!configured.registrations.isEmpty && !configured.resolutions.isEmpty)
        #expect(brief(found.registrations) == brief(configured.registrations))
        #expect(brief(found.resolutions) == brief(configured.resolutions))
        #expect(found.unregistered.isEmpty && found.edges == configured.edges)
        #expect(found.containers.map(\.type) == ["Container"])
    }

    @Test func aWarmRunReusesTheRescannedFactsAndFindsTheSame() throws {
        let folder = repositoryRoot + "/Samples/SafeBox/after"
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cache-\(UUID().uuidString)").path
        let empty = cache + ".yml"
        try "# no injection section\n".write(toFile: empty, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(atPath: cache)
            try? FileManager.default.removeItem(atPath: empty)
        }
        let cold = try Pipeline.run(.init(path: folder, cacheDirectory: cache, configPath: empty))
        let warm = try Pipeline.run(.init(path: folder, cacheDirectory: cache, configPath: empty))
        #expect(cold.parsedFiles > 0 && warm.parsedFiles == 0)
        #expect(!warm.result.injection.registrations.isEmpty)
        #expect(warm.result.injection == cold.result.injection)
    }
}
