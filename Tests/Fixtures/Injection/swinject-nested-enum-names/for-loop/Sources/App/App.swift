import Settings
import Swinject

public final class AppCoordinator {
    let container: Container
    public init(container: Container) { self.container = container }

    func start() {
        let profile = container.resolve(Coordinator.self, name: "ProfileCoordinator")!
        let account = container.resolve(Coordinator.self, name: "AccountCoordinator")!
        profile.start()
        account.start()
    }
}
