import Dependencies

extension AudioClient: DependencyKey {
    public static var liveValue: AudioClient {
        AudioClient(
            play: { track in print("play \(track)") },
            stop: {}
        )
    }
    public static let testValue = AudioClient()
}
