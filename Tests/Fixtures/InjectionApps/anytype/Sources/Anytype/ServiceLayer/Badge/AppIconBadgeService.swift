import Foundation
import Factory
import NotificationsCore
import Services

protocol AppIconBadgeServiceProtocol: AnyObject, Sendable {
    func startUpdating() async
}

actor AppIconBadgeService: AppIconBadgeServiceProtocol {

    // Lazy: not created before the user is authorised.
    @LazyInjected(\.chatMessagesPreviewsStorage)
    private var chatMessagesPreviewsStorage: any ChatMessagesPreviewsStorageProtocol
    @Injected(\.spaceViewsStorage)
    private var spaceViewsStorage: any SpaceViewsStorageProtocol
    @Injected(\.chatDetailsStorage)
    private var chatDetailsStorage: any ChatDetailsStorageProtocol
    @Injected(\.badgeCountStorage)
    private var badgeCountStorage: any BadgeCountStorageProtocol

    func startUpdating() async {
        let total = chatDetailsStorage.unreadCount() + chatMessagesPreviewsStorage.previews().count
        guard total != badgeCountStorage.badgeCount else { return }
        badgeCountStorage.badgeCount = total
    }
}
