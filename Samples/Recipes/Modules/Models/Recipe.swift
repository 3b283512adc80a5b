import Foundation

public struct Recipe: Codable, Identifiable {
    public var id: UUID
    public var title: String
}
