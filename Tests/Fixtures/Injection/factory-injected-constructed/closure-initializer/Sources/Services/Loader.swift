import FactoryKit

nonisolated final class Loader {
    let network: NetworkService = { Injected(\.networkService).wrappedValue }()
    func load() { network.load() }
}
