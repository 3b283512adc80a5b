import DependencyContainer
import Foundation
import UIKit

/// Deposit account management's entry point, registered by the app under
/// `InjectIdentifier.depositAccount`.
public struct DepositAccountItem: InjectItem, DepositAccountInject {
    public static let injectId = InjectIdentifier.depositAccount

    public init() {}

    public func resolve() -> Any { self }

    public func accountListViewController() -> UIViewController {
        AccountListViewController()
    }

    public func depositAccountViewController(accountID: UUID) -> UIViewController {
        DepositAccountViewController(accountID: accountID)
    }
}
