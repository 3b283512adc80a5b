import Foundation
import KeychainAccess

/// Where a feature keeps secrets (card PINs, account passwords).
public protocol SecretStoring {
    func secret(for key: String) -> String?
    func store(_ secret: String, for key: String) throws
    func removeSecret(for key: String) throws
}

/// The Keychain, shared by every feature through the SafeBox access group.
public final class SecureStore: SecretStoring {
    public static let shared = SecureStore(service: "com.safebox.secrets")

    private let keychain: Keychain

    public init(service: String) {
        keychain = Keychain(service: service).accessibility(.whenUnlockedThisDeviceOnly)
    }

    public func secret(for key: String) -> String? {
        try? keychain.get(key)
    }

    public func store(_ secret: String, for key: String) throws {
        try keychain.set(secret, key: key)
    }

    public func removeSecret(for key: String) throws {
        try keychain.remove(key)
    }
}
