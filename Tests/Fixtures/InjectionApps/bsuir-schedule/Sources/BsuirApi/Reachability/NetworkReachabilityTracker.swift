import Foundation
import Dependencies

public struct NetworkReachabilityTracker {
    public var isReachable: (String) -> Bool
}

extension DependencyValues {
    public var networkReachabilityTracker: NetworkReachabilityTracker {
        get { self[NetworkReachabilityTrackerKey.self] }
        set { self[NetworkReachabilityTrackerKey.self] = newValue }
    }
}

private enum NetworkReachabilityTrackerKey: DependencyKey {
    static let liveValue = NetworkReachabilityTracker(
        isReachable: { _ in true }
    )
}
