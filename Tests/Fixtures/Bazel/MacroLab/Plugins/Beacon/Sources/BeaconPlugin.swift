public struct BeaconPlugin {
    public let event: BeaconEvent
}
