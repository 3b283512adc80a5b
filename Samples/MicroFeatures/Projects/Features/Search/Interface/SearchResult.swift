import Foundation

public struct SearchResult: Decodable, Hashable, Sendable {
    public let userID: String
    public let displayName: String
    public let avatarURL: URL?
}
