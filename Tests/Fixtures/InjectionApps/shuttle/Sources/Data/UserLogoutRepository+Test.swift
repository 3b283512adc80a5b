import Domain

public struct UserLogoutRepositoryTest: UserLogoutRepository {
    public init() {}
    public func logout() async {}
}
