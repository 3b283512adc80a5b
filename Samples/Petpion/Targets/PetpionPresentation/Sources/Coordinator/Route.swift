/// The app's flows. Each is shown by a `RouteCoordinator` registered under the route's
/// coordinator name (see `PresentationDIContainer.register()`).
enum Route: CaseIterable {
    case feed
    case upload
    case settings

    var coordinatorName: String {
        switch self {
        case .feed: return "FeedCoordinator"
        case .upload: return "UploadCoordinator"
        case .settings: return "SettingsCoordinator"
        }
    }
}
