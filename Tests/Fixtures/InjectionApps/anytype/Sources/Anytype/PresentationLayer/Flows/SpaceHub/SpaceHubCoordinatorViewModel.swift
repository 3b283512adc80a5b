import Foundation

@MainActor
final class SpaceHubCoordinatorViewModel {
    var tier: String?

    func startHandleMembershipStatus() {
        tier = Container.shared.membershipStatusStorage.resolve().tier
    }
}
