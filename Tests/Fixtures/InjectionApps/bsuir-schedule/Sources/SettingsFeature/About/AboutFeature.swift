import Foundation
import BsuirCore
import Dependencies

public struct AboutFeature {
    public var version: String

    public init() {
        self.version = {
            @Dependency(\.appInfo.version.description) var appVersion
            return appVersion
        }()
    }
}
