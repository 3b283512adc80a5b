import Foundation

/// A payment card the user keeps in SafeBox, linked to the deposit account it debits.
public struct ManagementCard: Identifiable, Hashable, Sendable {
    public enum Status: String, Sendable {
        case active, frozen, expired
    }

    public let id: UUID
    public var nickname: String
    public var number: String
    public var status: Status
    /// The deposit account the card debits.
    public var accountID: UUID

    public init(id: UUID = UUID(), nickname: String, number: String, status: Status = .active, accountID: UUID) {
        self.id = id
        self.nickname = nickname
        self.number = number
        self.status = status
        self.accountID = accountID
    }
}
