public final class Network<Response: Decodable> {
    public init() {}
    public func request(path: String) -> Response? { nil }
}
