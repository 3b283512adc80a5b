import Foundation
import Dependencies

public struct ApiClient: Sendable {
    public var groups: @Sendable () async throws -> [String]
    public var clearCache: @Sendable () async -> Void
}

private extension ApiClient {
    static let live = {
        let cache = URLCache(memoryCapacity: 1_000_000, diskCapacity: 10_000_000)
        return ApiClient(
            groups: { [] },
            clearCache: { cache.removeAllCachedResponses() }
        )
    }()
}

// MARK: - Dependency

extension DependencyValues {
    public var apiClient: ApiClient {
        get { self[ApiClientKey.self] }
        set { self[ApiClientKey.self] = newValue }
    }
}

private enum ApiClientKey: DependencyKey {
    static let liveValue = ApiClient.live
    static let previewValue = ApiClient(
        groups: { ["151004"] },
        clearCache: {}
    )
}
