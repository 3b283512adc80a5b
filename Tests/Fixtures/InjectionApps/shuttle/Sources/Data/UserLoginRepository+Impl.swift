import Domain

public struct UserLoginRepositoryImpl: UserLoginRepository {
    public init() {}
    public func login(id: String) async -> Bool { false }
}
