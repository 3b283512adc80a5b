import Kingfisher
import Models
import Networking
import SwiftUI

public struct FeedView: View {
    @State private var recipes: [Recipe] = []
    public init() {}
    public var body: some View {
        List(recipes) { recipe in Text(recipe.title) }
            .task { recipes = (try? await RecipeClient.shared.latest()) ?? [] }
    }
}
