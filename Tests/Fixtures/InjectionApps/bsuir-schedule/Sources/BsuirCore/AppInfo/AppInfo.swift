import Foundation
import Dependencies

public struct AppInfo {
    public struct Version: CustomStringConvertible {
        public var description: String
    }
    public var version: Version
}

public extension AppInfo {
    init(bundle: Bundle) {
        self.init(version: Version(description: bundle.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0"))
    }
}

// MARK: - Dependency

extension DependencyValues {
    public var appInfo: AppInfo {
        get { self[AppInfoKey.self] }
        set { self[AppInfoKey.self] = newValue }
    }
}

private enum AppInfoKey: DependencyKey {
    static let liveValue = AppInfo(bundle: .main)
    static let previewValue = AppInfo(version: .init(description: "1.0.0"))
    static let testValue = AppInfo(version: .init(description: "0.0.1"))
}
