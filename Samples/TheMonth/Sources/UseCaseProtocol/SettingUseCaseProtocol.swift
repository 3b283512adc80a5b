import Entities

public protocol SettingUseCaseProtocol: Sendable {
    func loadSettings() async -> UserSettings
    func update(_ settings: UserSettings) async throws
}
