import Foundation
import UIKit

/// What other features may ask of deposit account management.
public protocol DepositAccountInject {
    func accountListViewController() -> UIViewController
    func depositAccountViewController(accountID: UUID) -> UIViewController
}
