import Domain

public final class MainLoginViewModel {
    let userLoginUseCase: UserLoginUseCase
    init(userLoginUseCase: UserLoginUseCase) { self.userLoginUseCase = userLoginUseCase }
}

public final class MainLoginViewModelFactory {
    let userLoginUseCase: UserLoginUseCase
    public init(userLoginUseCase: UserLoginUseCase) { self.userLoginUseCase = userLoginUseCase }
    public func create() -> MainLoginViewModel { MainLoginViewModel(userLoginUseCase: userLoginUseCase) }
}
