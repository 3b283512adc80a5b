import Foundation
import Dependencies

public protocol CloudSyncService: AnyObject {
    subscript(key: String) -> Any? { get set }
}

final class LiveCloudSyncService: CloudSyncService {
    private let store = NSUbiquitousKeyValueStore.default
    subscript(key: String) -> Any? {
        get { store.object(forKey: key) }
        set { store.set(newValue, forKey: key) }
    }
}

final class CloudSyncServiceMock: CloudSyncService {
    var values: [String: Any] = [:]
    subscript(key: String) -> Any? {
        get { values[key] }
        set { values[key] = newValue }
    }
}

extension DependencyValues {
    public var cloudSyncService: any CloudSyncService {
        get { self[CloudSyncServiceKey.self] }
        set { self[CloudSyncServiceKey.self] = newValue }
    }
}

private enum CloudSyncServiceKey: DependencyKey {
    static let liveValue: any CloudSyncService = LiveCloudSyncService()
    static let previewValue: any CloudSyncService = CloudSyncServiceMock()
    static let testValue: any CloudSyncService = CloudSyncServiceMock()
}
