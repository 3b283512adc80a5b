import Swinject

public protocol Coordinator { func start() }

public enum Settings {
    public enum Action: String, CaseIterable {
        case profile
        case notifications
        case about
        case logout

        var coordinatorName: String {
            switch self {
            case .profile: return "ProfileCoordinator"
            case .notifications: return "NotificationsCoordinator"
            case .about: return ""
            case .logout: return ""
            }
        }
    }
}

final class ActionCoordinator: Coordinator {
    let action: Settings.Action
    init(action: Settings.Action) { self.action = action }
    func start() {}
}

public struct SettingsDIContainer {
    public static func register(in container: Container) {
        Settings.Action.allCases.forEach { action in
            container.register(Coordinator.self, name: action.coordinatorName) { _ in ActionCoordinator(action: action) }
        }
    }
}
