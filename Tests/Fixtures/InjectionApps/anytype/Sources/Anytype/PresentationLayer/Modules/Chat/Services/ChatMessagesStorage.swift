import Foundation

protocol ChatMessagesStorageProtocol: AnyObject, Sendable {
    func startSubscription() async
}

actor ChatMessagesStorage: ChatMessagesStorageProtocol {
    private let spaceId: String
    private let chatObjectId: String

    init(spaceId: String, chatObjectId: String) {
        self.spaceId = spaceId
        self.chatObjectId = chatObjectId
    }

    func startSubscription() async {}
}

extension Container {
    var chatMessageStorage: ParameterFactory<(String, String), any ChatMessagesStorageProtocol> {
        self { ChatMessagesStorage(spaceId: $0, chatObjectId: $1) }
    }
}
