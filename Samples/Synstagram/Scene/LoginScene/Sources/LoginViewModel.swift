import Foundation
import SynAPIService
import SynDependencies

/// Validates the form and signs in.
@MainActor
final class LoginViewModel {
    enum State: Equatable {
        case editing(canSubmit: Bool)
        case submitting
        case failed(String)
        case loggedIn(Session)
    }

    private let service: AuthService
    private(set) var state = State.editing(canSubmit: false) {
        didSet { onChange?(state) }
    }
    var onChange: ((State) -> Void)?

    init(service: AuthService) {
        self.service = service
    }

    func update(email: String, password: String) {
        state = .editing(canSubmit: email.contains("@") && password.count >= 8)
    }

    func submit(email: String, password: String) async {
        state = .submitting
        do {
            let dto = try await service.login(email: email, password: password)
            state = .loggedIn(Session(userID: dto.userId, token: dto.token, expiresAt: dto.expiresAt))
        } catch {
            state = .failed(LoginCopy.wrongCredentials)
        }
    }
}
