import Foundation
import PetpionDomain

struct UserDTO: Decodable {
    let id: String
    let nickname: String
    let profileImage: String?

    var entity: User { User(id: id, nickname: nickname, profileImageURL: profileImage.flatMap(URL.init(string:))) }
}

struct PetPostDTO: Decodable {
    let id: String
    let author: UserDTO
    let imageURL: String
    let ratio: Double
    let likes: Int

    var entity: PetPost? {
        guard let url = URL(string: imageURL) else { return nil }
        return PetPost(id: id, author: author.entity, imageURL: url, imageAspectRatio: ratio, likeCount: likes)
    }
}
