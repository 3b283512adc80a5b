import Entities
import RepositoryProtocol
import LocalDataCore
@_implementationOnly import LocalDataExtension

public struct SettingRepository: SettingRepositoryProtocol {
    private let dataSource: LocalDataSourceProtocol

    public init(dataSource: LocalDataSourceProtocol) {
        self.dataSource = dataSource
    }

    public func loadSettings() async throws -> UserSettings? {
        try await dataSource.decoded(UserSettings.self, forKey: StorageKey.settings)
    }

    public func saveSettings(_ settings: UserSettings) async throws {
        try await dataSource.setEncoded(settings, forKey: StorageKey.settings)
    }
}
