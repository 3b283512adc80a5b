import Foundation

protocol SpaceViewsStorageProtocol: AnyObject, Sendable { var spaceIds: [String] { get } }
final class SpaceViewsStorage: SpaceViewsStorageProtocol, @unchecked Sendable { var spaceIds: [String] = [] }

protocol ChatDetailsStorageProtocol: AnyObject, Sendable { func unreadCount() -> Int }
final class ChatDetailsStorage: ChatDetailsStorageProtocol, @unchecked Sendable { func unreadCount() -> Int { 0 } }

protocol MiddlewareConfigurationProviderProtocol: AnyObject, Sendable { var gatewayUrl: String { get } }
final class MiddlewareConfigurationProvider: MiddlewareConfigurationProviderProtocol, @unchecked Sendable { var gatewayUrl = "" }

protocol MembershipStatusStorageProtocol: AnyObject, Sendable { var tier: String? { get } }
final class MembershipStatusStorage: MembershipStatusStorageProtocol, @unchecked Sendable { var tier: String? }

protocol ParticipantsSubscriptionProtocol: AnyObject, Sendable { var participants: [String] { get } }
protocol ParticipantsSubscriptionProviderProtocol: AnyObject, Sendable {
    func subscription(spaceId: String) -> any ParticipantsSubscriptionProtocol
}
final class ParticipantsSubscription: ParticipantsSubscriptionProtocol, @unchecked Sendable {
    let participants: [String] = []
}
final class ParticipantsSubscriptionProvider: ParticipantsSubscriptionProviderProtocol, @unchecked Sendable {
    func subscription(spaceId: String) -> any ParticipantsSubscriptionProtocol { ParticipantsSubscription() }
}
