import Foundation
import Services

@MainActor
final class ChatViewModel {
    private let chatStorage: any ChatMessagesStorageProtocol
    private let participantSubscription: any ParticipantsSubscriptionProtocol

    init(spaceId: String, chatId: String) {
        self.chatStorage = Container.shared.chatMessageStorage((spaceId, chatId))
        self.participantSubscription = Container.shared.participantSubscription(spaceId)
    }

    func start() async { await chatStorage.startSubscription() }
}
