import Swinject

/// Registers Core's services: one logger and one image cache for the whole app.
public struct CoreDIContainer {
    private let container: Container

    public init(container: Container = DIContainer.shared.container) {
        self.container = container
    }

    public func register() {
        container.register(Logging.self) { _ in
            PetpionLogger(subsystem: "com.petpion.app")
        }
        .inObjectScope(.container)

        container.register(ImageCache.self) { _ in
            MemoryImageCache(countLimit: 200)
        }
        .inObjectScope(.container)
    }
}
