import Foundation

public struct APIClient: Sendable {
    public var fetch: @Sendable (URL) async throws -> Data
    public var upload: @Sendable (URL, Data) async throws -> Void

    public init(fetch: @escaping @Sendable (URL) async throws -> Data, upload: @escaping @Sendable (URL, Data) async throws -> Void) {
        self.fetch = fetch
        self.upload = upload
    }
}

public protocol Endpoint { var url: URL { get } }
