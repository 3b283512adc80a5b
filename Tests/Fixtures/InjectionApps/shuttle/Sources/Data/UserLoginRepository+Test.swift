import Domain

public struct UserLoginRepositoryTest: UserLoginRepository {
    public init() {}
    public func login(id: String) async -> Bool { !id.isEmpty }
}
