import Foundation
import NotificationsCore
// Every module importing Services sees Factory too.
@_exported import Factory

public extension Container {
    
    var blockService: Factory<BlockServiceProtocol> {
        self { BlockService() }.shared
    }
    
    var blockWidgetService: Factory<BlockWidgetServiceProtocol> {
        self { BlockWidgetService() }.shared
    }
    
    var searchMiddleService: Factory<SearchMiddleServiceProtocol> {
        self { SearchMiddleService() }.shared
    }
    
    var membershipService: Factory<MembershipServiceProtocol> {
        self { MembershipService() }.shared
    }
}
