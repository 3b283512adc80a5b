import FactoryKit

struct Loader {
    func load() {
        Injected<NetworkService>(\Container.networkService).wrappedValue.load()
    }
}
