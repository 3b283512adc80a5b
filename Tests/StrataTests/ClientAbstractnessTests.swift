import StrataModel
import StrataPipeline
import Testing

/// Interfaces in the dependency-client style count as abstract (docs/rules.md, Metrics).
@Suite struct ClientAbstractnessTests {
    @Test func clientModulesSitOnTheMainSequenceAndTheirLiveModulesAreConcrete() throws {
        let result = try Pipeline.run(.init(path: repositoryRoot + "/Tests/Fixtures/Clients", cacheDirectory: nil)).result
        let metrics = Dictionary(uniqueKeysWithValues: result.modules.compactMap { entry in entry.metrics.map { (entry.module.name, $0) } })
        // AudioClient: AudioClient, HapticsClient, VolumeClient are interfaces; Sound is an enum.
        #expect(metrics["AudioClient"]?.interfaces == 3 && metrics["AudioClient"]?.types == 4)
        #expect(metrics["AudioClient"]?.abstractness == 0.75)
        // APIClient: one client and one protocol: A = 1, and stable (I = 0) gives D = 0.
        #expect(metrics["APIClient"]?.abstractness == 1)
        #expect(metrics["APIClient"]?.distance == 0)
        // The live modules: a closure beside state, a closure conforming to a protocol, classes doing work.
        #expect(metrics["AudioClientLive"]?.abstractness == 0 && metrics["AudioClientLive"]?.interfaces == nil)
        #expect(metrics["APIClientLive"]?.abstractness == 0.25 && metrics["APIClientLive"]?.types == 4)  // the protocol Transport
    }
}
