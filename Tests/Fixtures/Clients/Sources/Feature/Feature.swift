import APIClient
import AudioClient

public final class FeatureModel {
    let audio: AudioClient
    let api: APIClient
    public init(audio: AudioClient, api: APIClient) {
        self.audio = audio
        self.api = api
    }
}
