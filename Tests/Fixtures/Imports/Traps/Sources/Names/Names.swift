public struct Token: Sendable {
    public init() {}
}

public struct Other {}

struct InternalToken {}

/// Its memberwise initializer is internal: `@testable` opens it.
public struct Pair {
    public let value: Int
}
