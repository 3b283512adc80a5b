import Foundation

/// The signed-in user, as scenes pass it to each other.
public struct Session: Equatable, Sendable {
    public let userID: String
    public let token: String
    public let expiresAt: Date

    public init(userID: String, token: String, expiresAt: Date) {
        self.userID = userID
        self.token = token
        self.expiresAt = expiresAt
    }

    public var isExpired: Bool { expiresAt < Date() }
}
