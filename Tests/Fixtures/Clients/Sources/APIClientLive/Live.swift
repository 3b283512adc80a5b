import APIClient
import Foundation

// A struct holding a closure beside state, and one implementing a protocol: both concrete.
public struct RetryPolicy {
    public var attempts: Int
    public var delay: (Int) -> Double
}

public protocol Transport { func send(_ request: URLRequest) async throws -> Data }

public struct URLSessionTransport: Transport {
    public let log: (String) -> Void
    public func send(_ request: URLRequest) async throws -> Data { Data() }
}

public enum APIClientLive {
    public static func make() -> APIClient {
        APIClient(fetch: { _ in Data() }, upload: { _, _ in })
    }
}
