import DI

extension CardItem: InjectItem, CardInject {
    public static let injectId = InjectIdentifier.card
    public func resolve() -> Any { self }
}
