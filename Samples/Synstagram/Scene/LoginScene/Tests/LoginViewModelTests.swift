@testable import LoginScene
import SynAPIService
import XCTest

private struct FailingAuthService: AuthService {
    struct Refused: Error {}
    func login(email: String, password: String) async throws -> SessionDTO { throw Refused() }
    func logout() async throws {}
}

@MainActor
final class LoginViewModelTests: XCTestCase {
    func testSubmitIsEnabledOnlyForAPlausibleForm() {
        let viewModel = LoginViewModel(service: FailingAuthService())
        viewModel.update(email: "ana@synstagram.dev", password: "short")
        XCTAssertEqual(viewModel.state, .editing(canSubmit: false))
        viewModel.update(email: "ana@synstagram.dev", password: "long enough")
        XCTAssertEqual(viewModel.state, .editing(canSubmit: true))
    }

    func testARefusedLoginShowsTheCredentialsMessage() async {
        let viewModel = LoginViewModel(service: FailingAuthService())
        await viewModel.submit(email: "ana@synstagram.dev", password: "long enough")
        XCTAssertEqual(viewModel.state, .failed(LoginCopy.wrongCredentials))
    }
}
