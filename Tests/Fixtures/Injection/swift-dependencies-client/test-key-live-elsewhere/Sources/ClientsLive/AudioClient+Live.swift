import Clients
import Dependencies

extension AudioClient: DependencyKey {
    public static let liveValue = AudioClient(
        play: { track in print("play \(track)") },
        stop: {}
    )
}
