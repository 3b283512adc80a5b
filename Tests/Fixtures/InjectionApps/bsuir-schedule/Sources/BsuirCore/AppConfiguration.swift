import Foundation
import Dependencies

public struct AppConfiguration: Equatable {
    public var telemetryAppId: String?
}

// MARK: - Dependency

extension DependencyValues {
    public var appConfiguration: AppConfiguration {
        get { self[AppConfiguration.self] }
        set { self[AppConfiguration.self] = newValue }
    }
}

extension AppConfiguration: DependencyKey {
    public static let liveValue = AppConfiguration(infoDictionary: Bundle.main.infoDictionary)
    public static let previewValue = AppConfiguration()
}

private extension AppConfiguration {
    init(infoDictionary: [String: Any]?) {
        self.init(telemetryAppId: infoDictionary?["TELEMETRY_APP_ID"] as? String)
    }
}
