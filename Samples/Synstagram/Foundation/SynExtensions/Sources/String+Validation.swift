import Foundation

extension String {
    /// A loose e-mail check, enough to enable the login button.
    public var looksLikeEmail: Bool {
        let parts = split(separator: "@")
        return parts.count == 2 && parts[1].contains(".") && !parts[0].isEmpty
    }

    /// The text without leading and trailing white space.
    public var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
