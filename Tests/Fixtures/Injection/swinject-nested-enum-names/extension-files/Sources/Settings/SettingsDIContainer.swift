import Swinject

final class ActionCoordinator: Coordinator {
    let action: Settings.Action
    init(action: Settings.Action) { self.action = action }
    func start() {}
}

public struct SettingsDIContainer {
    public static func register(in container: Container) {
        Settings.Action.allCases.forEach { action in
            container.register(Coordinator.self, name: action.coordinatorName) { _ in
                ActionCoordinator(action: action)
            }
        }
    }
}
