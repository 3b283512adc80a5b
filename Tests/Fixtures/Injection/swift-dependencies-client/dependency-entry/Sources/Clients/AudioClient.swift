import Dependencies
import DependenciesMacros

@DependencyClient
public struct AudioClient: Sendable {
    public var play: @Sendable (String) async -> Void
    public var stop: @Sendable () async -> Void
}

extension AudioClient {
    public static let live = AudioClient(
        play: { track in print("play \(track)") },
        stop: {}
    )
}
