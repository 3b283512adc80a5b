import Foundation

/// Raw key/value persistence used by the repositories.
public protocol LocalDataSourceProtocol: Sendable {
    func data(forKey key: String) async throws -> Data?
    func setData(_ data: Data, forKey key: String) async throws
    func removeData(forKey key: String) async throws
    func keys(withPrefix prefix: String) async -> [String]
}

public enum LocalDataError: Error {
    case encodingFailed
    case decodingFailed(key: String)
    case ioFailure(underlying: String)
}
