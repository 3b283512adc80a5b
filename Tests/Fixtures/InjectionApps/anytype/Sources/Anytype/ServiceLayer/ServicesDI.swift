import Foundation
import Services
@_exported import Factory

extension Container {
    
    var spaceViewsStorage: Factory<any SpaceViewsStorageProtocol> {
        self { SpaceViewsStorage() }.singleton
    }

    var chatDetailsStorage: Factory<any ChatDetailsStorageProtocol> {
        self { ChatDetailsStorage() }.singleton
    }
    
    var middlewareConfigurationProvider: Factory<any MiddlewareConfigurationProviderProtocol> {
        self { MiddlewareConfigurationProvider() }.singleton
    }
    
    var membershipStatusStorage: Factory<any MembershipStatusStorageProtocol> {
        self { MembershipStatusStorage() }.singleton
    }
    
    var participantSubscriptionProvider: Factory<any ParticipantsSubscriptionProviderProtocol> {
        self { ParticipantsSubscriptionProvider() }.singleton
    }
    
    var participantSubscription: ParameterFactory<String, any ParticipantsSubscriptionProtocol> {
        self { Container.shared.participantSubscriptionProvider().subscription(spaceId: $0) }
    }
}
