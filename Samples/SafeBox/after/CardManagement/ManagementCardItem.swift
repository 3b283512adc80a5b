import DependencyContainer
import Foundation
import UIKit

/// Card management's entry point, registered by the app under `InjectIdentifier.managementCard`.
public struct ManagementCardItem: InjectItem, ManagementCardInject {
    public static let injectId = InjectIdentifier.managementCard

    public init() {}

    public func resolve() -> Any { self }

    public func cardListViewController(accountID: UUID?) -> UIViewController {
        CardListViewController(accountID: accountID)
    }
}
