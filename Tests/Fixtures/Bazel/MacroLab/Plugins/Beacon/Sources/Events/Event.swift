public struct BeaconEvent {
    public let name: String
}
