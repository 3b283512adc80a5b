import Vault

public struct Sized {
    public var record: VLTRecord?
}
