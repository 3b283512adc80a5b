import BeaconPlugin

public struct MetricsPlugin {
    public let beacon: BeaconPlugin
}
