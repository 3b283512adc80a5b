public final class Container {
    public static let shared = Container()
    private var items: [String: InjectItem.Type] = [:]

    public init() {}

    public func regist(injectType: InjectItem.Type) {
        items[injectType.injectId] = injectType
    }

    public func load(for injectId: String) -> InjectItem? {
        items[injectId].map { $0.init() }
    }
}
