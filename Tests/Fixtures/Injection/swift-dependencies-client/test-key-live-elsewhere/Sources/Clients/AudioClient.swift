import Dependencies
import DependenciesMacros

@DependencyClient
public struct AudioClient: Sendable {
    public var play: @Sendable (String) async -> Void
    public var stop: @Sendable () async -> Void
}

extension AudioClient: TestDependencyKey {
    public static let testValue = AudioClient()
    public static let previewValue = AudioClient(play: { _ in }, stop: {})
}
