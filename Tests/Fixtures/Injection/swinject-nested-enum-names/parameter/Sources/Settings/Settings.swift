import Swinject

public protocol Coordinator { func start() }

public enum Settings {
    public enum Action: String, CaseIterable {
        case profile
        case notifications
        case about
        case logout
    }
}

extension Settings.Action {
    var coordinatorName: String {
        switch self {
        case .profile: return "ProfileCoordinator"
        case .notifications: return "NotificationsCoordinator"
        case .about, .logout: return ""
        }
    }
}

final class ActionCoordinator: Coordinator {
    let action: Settings.Action
    init(action: Settings.Action) { self.action = action }
    func start() {}
}

public struct SettingsDIContainer {
    let container: Container

    public func register() {
        Settings.Action.allCases.forEach(registerCoordinator)
    }

    private func registerCoordinator(for action: Settings.Action) {
        container.register(Coordinator.self, name: action.coordinatorName) { _ in ActionCoordinator(action: action) }
    }
}
