import Foundation
import PetpionDomain

final class DefaultLoginRepository: LoginRepository {
    private let client: APIClient

    init(client: APIClient) {
        self.client = client
    }

    func signIn(with credential: Credential) async throws -> User {
        try await client.post("sessions", body: ["email": credential.email, "password": credential.password])
        return try await client.get("me", as: UserDTO.self).entity
    }

    func signOut() async throws {
        try await client.post("sessions/end", body: [:])
    }
}
