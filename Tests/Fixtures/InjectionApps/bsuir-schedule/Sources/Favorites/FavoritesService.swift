import Foundation
import BsuirCore
import Dependencies

public protocol FavoritesService: AnyObject {
    var groupNames: [String] { get }
}

final class LiveFavoritesService: FavoritesService {
    let widgetService: WidgetService
    let cloudSyncService: any CloudSyncService
    init(legacyStorage: UserDefaults, widgetService: WidgetService, cloudSyncService: any CloudSyncService) {
        self.widgetService = widgetService
        self.cloudSyncService = cloudSyncService
    }
    var groupNames: [String] { cloudSyncService["favorite-groups"] as? [String] ?? [] }
}

final class FavoriteServiceMock: FavoritesService {
    let groupNames: [String]
    init(groupNames: [String]) { self.groupNames = groupNames }
}

// MARK: - Dependency

extension DependencyValues {
    public var favorites: FavoritesService {
        get { self[FavoritesServiceKey.self] }
        set { self[FavoritesServiceKey.self] = newValue }
    }
}

private enum FavoritesServiceKey: DependencyKey {
    static let liveValue: any FavoritesService = {
        @Dependency(\.widgetService) var widgetService
        @Dependency(\.cloudSyncService) var cloudSyncService
        return LiveFavoritesService(
            legacyStorage: .standard,
            widgetService: widgetService,
            cloudSyncService: cloudSyncService
        )
    }()

    static let previewValue: any FavoritesService = FavoriteServiceMock(
        groupNames: ["251003", "251004"]
    )
}
