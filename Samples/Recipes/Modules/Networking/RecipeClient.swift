import Foundation
import Models

public protocol RecipeLoading {
    func latest() async throws -> [Recipe]
}

public final class RecipeClient: RecipeLoading {
    public static let shared = RecipeClient()
    public func latest() async throws -> [Recipe] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com/recipes")!)
        return try JSONDecoder().decode([Recipe].self, from: data)
    }
}
