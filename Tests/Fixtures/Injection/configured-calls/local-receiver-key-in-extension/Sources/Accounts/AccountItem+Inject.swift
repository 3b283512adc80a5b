import DI

extension AccountItem: InjectItem, AccountInject {
    public static let injectId = InjectIdentifier.account
    public func resolve() -> Any { self }
}
