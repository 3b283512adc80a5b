import Dependencies
import DependenciesMacros

@DependencyClient
public struct AudioClient: Sendable {
    public var play: @Sendable (String) async -> Void
    public var stop: @Sendable () async -> Void
}

extension AudioClient {
    enum Keys {
        enum Live: DependencyKey {
            static let liveValue = AudioClient(
                play: { track in print("play \(track)") },
                stop: {}
            )
        }
    }
}

extension DependencyValues {
    public var audioClient: AudioClient {
        get { self[AudioClient.Keys.Live.self] }
        set { self[AudioClient.Keys.Live.self] = newValue }
    }
}
