import Foundation

public struct User: Equatable {
    public let id: String
    public let nickname: String
    public let profileImageURL: URL?

    public init(id: String, nickname: String, profileImageURL: URL?) {
        self.id = id
        self.nickname = nickname
        self.profileImageURL = profileImageURL
    }
}

public struct Credential {
    public let email: String
    public let password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}
