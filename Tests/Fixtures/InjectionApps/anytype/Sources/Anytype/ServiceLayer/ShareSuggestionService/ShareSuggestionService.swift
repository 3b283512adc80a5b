import Foundation
import NotificationsCore
import Services

final class ShareSuggestionService {
    @Injected(\.spaceIconStorage)
    private var spaceIconStorage: any SpaceIconStorageProtocol

    func iconUrl(spaceId: String) -> URL? {
        spaceIconStorage.iconLocalUrl(forSpaceId: spaceId)
    }
}
