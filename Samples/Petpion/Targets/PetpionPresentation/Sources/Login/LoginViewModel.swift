import Combine
import Foundation
import PetpionDomain

public final class LoginViewModel {
    private let loginUseCase: LoginUseCase
    @Published private(set) var errorMessage: String?

    public init(loginUseCase: LoginUseCase) {
        self.loginUseCase = loginUseCase
    }

    func login(email: String, password: String) async -> Bool {
        do {
            _ = try await loginUseCase.login(email: email, password: password)
            return true
        } catch {
            errorMessage = "We could not sign you in. Check your email and password."
            return false
        }
    }
}
