import Foundation

protocol ChatMessagesPreviewsStorageProtocol: AnyObject, Sendable {
    func previews() -> [String]
}

final class ChatMessagesPreviewsStorage: ChatMessagesPreviewsStorageProtocol, @unchecked Sendable {
    func previews() -> [String] { [] }
}

extension Container {
    var chatMessagesPreviewsStorage: Factory<any ChatMessagesPreviewsStorageProtocol> {
        self { ChatMessagesPreviewsStorage() }.singleton
    }
}
