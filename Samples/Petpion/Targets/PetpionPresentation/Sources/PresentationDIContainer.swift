import PetpionCore
import Swinject
import UIKit

public struct PresentationDIContainer {
    private let container: Container

    public init(container: Container = DIContainer.shared.container) {
        self.container = container
    }

    public func register() {
        PresentationAssembly().assemble(container: container)
        container.register(Coordinator.self, name: "MainCoordinator") { _ in
            MainCoordinator(navigationController: UINavigationController())
        }
        .inObjectScope(.container)
        Route.allCases.forEach { route in
            container.register(Coordinator.self, name: route.coordinatorName) { _ in
                RouteCoordinator(route: route, navigationController: UINavigationController())
            }
        }
    }
}
