import Foundation
import Factory
import SwiftUI

final class SpaceViewsStorageMock: SpaceViewsStorageProtocol, @unchecked Sendable {
    static let shared = SpaceViewsStorageMock()
    var spaceIds: [String] = ["preview"]
}

final class MembershipStatusStorageMock: MembershipStatusStorageProtocol, @unchecked Sendable {
    static let shared = MembershipStatusStorageMock()
    var tier: String? = "Explorer"
}

/// Previews wrap their content in MockView, which swaps storages for mocks.
struct MockView<Content: View>: View {
    private let content: Content

    init(configure: (() -> Void)? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
        setupPreviewMocks()
        configure?()
    }

    var body: some View { content }

    private func setupPreviewMocks() {
        Container.shared.spaceViewsStorage.register {
            SpaceViewsStorageMock.shared
        }
        Container.shared.membershipStatusStorage.register {
            MembershipStatusStorageMock.shared
        }
    }
}
