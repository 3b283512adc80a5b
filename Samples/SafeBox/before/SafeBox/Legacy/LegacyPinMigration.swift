import LocalAuthentication
import Security

// Kept for reference: version 1 stored PINs in a plain keychain item. The migration shipped in
// 2.0 and the file is no longer compiled (a membership exception removes it from the SafeBox
// target), so neither import belongs to the app.
enum LegacyPinMigration {
    static func migrate() {
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "pin"]
        SecItemDelete(query as CFDictionary)
        _ = LAContext()
    }
}
