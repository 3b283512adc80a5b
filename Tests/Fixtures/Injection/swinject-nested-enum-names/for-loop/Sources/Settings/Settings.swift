import Swinject

public protocol Coordinator { func start() }

public enum Features {
    public enum Settings {
        public enum Action: String, CaseIterable {
            case profile, notifications, about, logout

            var coordinatorName: String {
                switch self {
                case .profile: "ProfileCoordinator"
                case .notifications: "NotificationsCoordinator"
                default: ""
                }
            }
        }
    }
}

final class ActionCoordinator: Coordinator {
    let action: Features.Settings.Action
    init(action: Features.Settings.Action) { self.action = action }
    func start() {}
}

public struct SettingsDIContainer {
    public static func register(in container: Container) {
        for action in Features.Settings.Action.allCases {
            let name = action.coordinatorName
            container.register(Coordinator.self, name: name) { _ in ActionCoordinator(action: action) }
        }
    }
}
