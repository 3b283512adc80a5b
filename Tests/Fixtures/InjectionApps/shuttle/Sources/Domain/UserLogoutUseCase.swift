public protocol UserLogoutRepository { func logout() async }

public final class UserLogoutUseCase {
    let userLogoutRepository: UserLogoutRepository
    public init(userLogoutRepository: UserLogoutRepository) { self.userLogoutRepository = userLogoutRepository }
}
