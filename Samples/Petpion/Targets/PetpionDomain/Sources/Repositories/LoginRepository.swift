public protocol LoginRepository {
    func signIn(with credential: Credential) async throws -> User
    func signOut() async throws
}
