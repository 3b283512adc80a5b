import Foundation
import BsuirApi
import Dependencies

public struct NetworkAndDataFeature {
    @Dependency(\.apiClient.clearCache) var clearNetworkCache

    public init() {}

    func clearCache() async { await clearNetworkCache() }
}
