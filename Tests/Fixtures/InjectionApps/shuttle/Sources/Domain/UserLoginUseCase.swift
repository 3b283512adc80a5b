public protocol UserLoginRepository { func login(id: String) async -> Bool }

public final class UserLoginUseCase {
    let userLoginRepository: UserLoginRepository
    public init(userLoginRepository: UserLoginRepository) { self.userLoginRepository = userLoginRepository }
}
