public struct Token: Sendable {
    public init() {}
}

public struct Other {}

struct InternalToken {}
