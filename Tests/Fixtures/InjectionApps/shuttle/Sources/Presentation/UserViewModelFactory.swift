import Domain

public final class UserViewModel {
    init(userLogoutUseCase: UserLogoutUseCase, busStationUseCase: BusStationUseCase) {}
}

public final class UserViewModelFactory {
    let userLogoutUseCase: UserLogoutUseCase
    let busStationUseCase: BusStationUseCase
    public init(userLogoutUseCase: UserLogoutUseCase, busStationUseCase: BusStationUseCase) {
        self.userLogoutUseCase = userLogoutUseCase
        self.busStationUseCase = busStationUseCase
    }
    public func create() -> UserViewModel { UserViewModel(userLogoutUseCase: userLogoutUseCase, busStationUseCase: busStationUseCase) }
}
