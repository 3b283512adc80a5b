import Foundation
import Factory

public protocol SpaceIconStorageProtocol: Sendable {
    func iconLocalUrl(forSpaceId spaceId: String) -> URL?
}

final class SpaceIconStorage: SpaceIconStorageProtocol {
    func iconLocalUrl(forSpaceId spaceId: String) -> URL? { nil }
}

public extension Container {
    
    var spaceIconStorage: Factory<SpaceIconStorageProtocol> {
        self { SpaceIconStorage() }.singleton
    }
    
}
