import Foundation

public protocol MembershipServiceProtocol: Sendable {
    func paymentUrl(tier: String) -> URL
}

final class MembershipService: MembershipServiceProtocol {
    
    private let builder: any MembershipModelBuilderProtocol = Container.shared.membershipModelBuilder()
    
    func paymentUrl(tier: String) -> URL { builder.buildPaymentUrl(tier: tier) }
}
