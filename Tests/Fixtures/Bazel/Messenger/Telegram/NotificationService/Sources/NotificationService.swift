import Foundation
import UserNotifications
import Postbox
import BuildConfig
import SwiftSignalKit

final class NotificationService {
    let postbox: Postbox? = nil
    let config = BuildConfig.shared()
}
