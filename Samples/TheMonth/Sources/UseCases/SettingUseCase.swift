import UseCaseProtocol
import RepositoryProtocol

public struct SettingUseCase: SettingUseCaseProtocol {
    private let repository: SettingRepositoryProtocol

    public init(repository: SettingRepositoryProtocol) {
        self.repository = repository
    }

    public func loadSettings() async -> UserSettings {
        // A missing or unreadable settings blob falls back to defaults.
        (try? await repository.loadSettings()) ?? .default
    }

    public func update(_ settings: UserSettings) async throws {
        var sanitized = settings
        sanitized.reminderHour = min(max(settings.reminderHour, 0), 23)
        try await repository.saveSettings(sanitized)
    }
}
