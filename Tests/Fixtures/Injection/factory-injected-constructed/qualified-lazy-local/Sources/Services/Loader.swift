import FactoryKit

final class Loader {
    private lazy var network = FactoryKit.Injected(\.networkService).wrappedValue

    func load() { network.load() }
}
