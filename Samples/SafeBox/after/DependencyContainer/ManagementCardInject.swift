import Foundation
import UIKit

/// What other features may ask of card management.
public protocol ManagementCardInject {
    /// The card list, all cards or only those debiting `accountID`.
    func cardListViewController(accountID: UUID?) -> UIViewController
}
