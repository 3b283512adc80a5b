import Entities

public protocol SettingRepositoryProtocol: Sendable {
    func loadSettings() async throws -> UserSettings?
    func saveSettings(_ settings: UserSettings) async throws
}
