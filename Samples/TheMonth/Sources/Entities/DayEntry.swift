import Foundation

/// One day's page: a mood, a short note and optionally a photo.
public struct DayEntry: Identifiable, Hashable, Codable, Sendable {
    public enum Mood: String, CaseIterable, Codable, Sendable {
        case great, good, okay, bad, awful

        public var emoji: String {
            switch self {
            case .great: return "😄"
            case .good: return "🙂"
            case .okay: return "😐"
            case .bad: return "🙁"
            case .awful: return "😣"
            }
        }
    }

    public let id: UUID
    public var month: Month
    public var day: Int
    public var mood: Mood
    public var note: String
    public var photoIdentifier: String?

    enum CodingKeys: String, CodingKey {
        case id, month, day, mood, note
        case photoIdentifier = "photo_id"
    }

    public init(
        id: UUID = UUID(),
        month: Month,
        day: Int,
        mood: Mood,
        note: String = "",
        photoIdentifier: String? = nil
    ) {
        self.id = id
        self.month = month
        self.day = day
        self.mood = mood
        self.note = note
        self.photoIdentifier = photoIdentifier
    }

    public var hasPhoto: Bool { photoIdentifier != nil }
}
