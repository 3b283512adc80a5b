import Foundation

/// Why a request failed, in the terms scenes show to the user.
public enum NetworkError: Error {
    case notHTTP
    case unauthorized
    case status(Int, Data)
    case decoding(Error)

    /// Whether the user has to log in again.
    public var requiresLogin: Bool {
        if case .unauthorized = self { return true }
        return false
    }
}
