import Foundation

public protocol MembershipModelBuilderProtocol: Sendable {
    func buildPaymentUrl(tier: String) -> URL
}

final class MembershipModelBuilder: MembershipModelBuilderProtocol {
    func buildPaymentUrl(tier: String) -> URL {
        URL(string: tier) ?? URL(string: "https://anytype.io/pricing")!
    }
}

public extension Container {
    var membershipModelBuilder: Factory<MembershipModelBuilderProtocol> {
        self { MembershipModelBuilder() }.shared
    }
}
