import BeaconPlugin

public struct Share {
    public let plugin: BeaconPlugin
}
