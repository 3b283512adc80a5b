import Foundation

public struct PetPost: Identifiable, Equatable {
    public let id: String
    public let author: User
    public let imageURL: URL
    public let imageAspectRatio: Double
    public var likeCount: Int

    public init(id: String, author: User, imageURL: URL, imageAspectRatio: Double, likeCount: Int) {
        self.id = id
        self.author = author
        self.imageURL = imageURL
        self.imageAspectRatio = imageAspectRatio
        self.likeCount = likeCount
    }
}
