/// A feature's entry point as the container stores it.
public protocol InjectItem {
    static var injectId: String { get }
    init()
    func resolve() -> Any
}

public enum InjectIdentifier {
    public static let card = "CardInject"
    public static let account = "AccountInject"
    public static let transfer = "TransferInject"
}

public protocol CardInject { func cards() -> [String] }
public protocol AccountInject { func accounts() -> [String] }
public protocol TransferInject { func transfer(_ amount: Int) }
