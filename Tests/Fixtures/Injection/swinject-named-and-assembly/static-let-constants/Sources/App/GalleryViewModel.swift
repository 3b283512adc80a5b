import Foundation
import Network
import Swinject

final class DIContainer {
    static let shared = DIContainer()
    private let container = Container()
    private let assembler: Assembler

    private init() {
        assembler = Assembler([NetworkAssembly()], container: container)
    }

    func resolve<T>(_ type: T.Type, name: String? = nil) -> T {
        guard let resolved = assembler.resolver.resolve(type, name: name) else {
            fatalError("\(type) \(name ?? "") is not registered")
        }
        return resolved
    }
}

final class GalleryViewModel {
    private let api = DIContainer.shared.resolve(HTTPClient.self, name: ClientName.api)
    private let loader = DIContainer.shared.resolve(ImageLoader.self)
    // Nothing registers this name.
    private let graph = DIContainer.shared.resolve(HTTPClient.self, name: ClientName.graphql)
}
