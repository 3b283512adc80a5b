import PetpionCore

public protocol LoginUseCase {
    func login(email: String, password: String) async throws -> User
}

public final class DefaultLoginUseCase: LoginUseCase {
    private let repository: LoginRepository
    private let logger: Logging

    public init(repository: LoginRepository, logger: Logging) {
        self.repository = repository
        self.logger = logger
    }

    public func login(email: String, password: String) async throws -> User {
        logger.log("login attempt", level: .info)
        return try await repository.signIn(with: Credential(email: email, password: password))
    }
}
