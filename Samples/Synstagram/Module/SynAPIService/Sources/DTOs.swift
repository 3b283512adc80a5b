import Foundation

/// A session as the server returns it.
public struct SessionDTO: Decodable, Sendable {
    public let token: String
    public let userId: String
    public let expiresAt: Date
}

/// An album of the signed-in user.
public struct AlbumDTO: Decodable, Sendable {
    public let id: String
    public let title: String
    public let coverUrl: URL?
    public let photoCount: Int
    public let updatedAt: Date
}

/// The body of responses that carry none.
public struct EmptyDTO: Decodable, Sendable {}
