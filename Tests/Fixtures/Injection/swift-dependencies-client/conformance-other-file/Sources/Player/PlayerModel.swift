import Clients
import Dependencies

public struct PlayerModel {
    @Dependency(\.audioClient) var audioClient
    @Dependency(\.audioClient.stop) var stop

    public init() {}

    public func start(track: String) async {
        await stop()
        await audioClient.play(track)
    }
}
