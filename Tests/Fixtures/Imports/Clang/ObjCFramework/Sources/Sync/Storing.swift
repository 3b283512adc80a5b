import Vault

/// The framework's class, renamed for Swift, in a signature only.
public protocol Storing {
    func store(_ item: VaultItem) throws
}
