import AudioClient

// The live implementation: concrete types doing the work.
final class AudioEngine {
    var volume: Float = 1
    func play(_ sound: Sound) async {}
}

public struct LiveAudio {
    let engine = AudioEngine()
    public let onFinish: () -> Void
    public func client() -> AudioClient {
        AudioClient(play: { sound in await AudioEngine().play(sound) }, setVolume: { _ in }, isMuted: { false })
    }
}
