import Foundation
import Swinject

/// The one Swinject container every layer registers into and every screen resolves from.
///
/// Layers register in `AppDIContainer.registerAll()`, before the first scene connects.
public final class DIContainer {
    public static let shared = DIContainer()

    public let container = Container()

    private init() {}

    public func resolve<Service>(_ serviceType: Service.Type) -> Service? {
        container.resolve(serviceType)
    }

    public func resolve<Service>(_ serviceType: Service.Type, name: String) -> Service? {
        container.resolve(serviceType, name: name)
    }
}
