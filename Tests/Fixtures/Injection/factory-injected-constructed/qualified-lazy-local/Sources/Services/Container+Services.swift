import FactoryKit

public final class Preferences: Sendable {
    public init() {}
    public var theme: String { "dark" }
}

public final class NetworkService: Sendable {
    public init() {}
    public func load() {}
}

extension Container {
    public var preferences: Factory<Preferences> {
        self { Preferences() }.singleton
    }

    public var networkService: Factory<NetworkService> {
        self { NetworkService() }
    }
}
