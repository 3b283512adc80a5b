extension Settings.Action {
    var coordinatorName: String {
        switch self {
        case .profile:
            return "ProfileCoordinator"
        case .notifications:
            return "NotificationsCoordinator"
        case .about, .logout:
            return ""
        }
    }
}
