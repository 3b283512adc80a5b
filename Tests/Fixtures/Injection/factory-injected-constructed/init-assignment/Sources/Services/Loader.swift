import FactoryKit

final class Loader {
    private let network: NetworkService

    init() {
        self.network = Injected(\.networkService)
            .wrappedValue
    }

    func load() { network.load() }
}
