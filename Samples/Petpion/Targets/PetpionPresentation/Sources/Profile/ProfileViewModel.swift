import Foundation
import PetpionDomain

public final class ProfileViewModel {
    private let loginUseCase: LoginUseCase
    private(set) var user: User?

    public init(loginUseCase: LoginUseCase) {
        self.loginUseCase = loginUseCase
    }
}
