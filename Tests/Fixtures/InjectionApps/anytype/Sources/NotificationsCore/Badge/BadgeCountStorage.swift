import Foundation
import Factory

public protocol BadgeCountStorageProtocol: AnyObject, Sendable {
    var badgeCount: Int { get set }
}

final class BadgeCountStorage: BadgeCountStorageProtocol, @unchecked Sendable {
    private let key = "AppIconBadgeCount"
    var badgeCount: Int {
        get { UserDefaults.standard.integer(forKey: key) }
        set { UserDefaults.standard.set(newValue, forKey: key) }
    }
}

public extension Container {

    var badgeCountStorage: Factory<any BadgeCountStorageProtocol> {
        self { BadgeCountStorage() }.singleton
    }

}
