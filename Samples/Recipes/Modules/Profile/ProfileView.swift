import Feed
import Models
import SwiftUI

/// The profile shows the user's saved recipes with the feed's cell: an import of a sibling
/// feature that the spec does not declare.
public struct ProfileView: View {
    public init() {}
    public var body: some View { FeedView() }
}
