@_exported import RemoteCore

public struct RemoteClient {
    public var frame: Frame
    public init(frame: Frame) { self.frame = frame }
}
