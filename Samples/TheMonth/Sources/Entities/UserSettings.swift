import Foundation

public struct UserSettings: Codable, Equatable, Sendable {
    public enum Appearance: String, CaseIterable, Codable, Sendable {
        case system, light, dark
    }

    public var appearance: Appearance
    public var firstWeekday: Weekday
    public var remindersEnabled: Bool
    public var reminderHour: Int

    public init(
        appearance: Appearance = .system,
        firstWeekday: Weekday = .sunday,
        remindersEnabled: Bool = false,
        reminderHour: Int = 21
    ) {
        self.appearance = appearance
        self.firstWeekday = firstWeekday
        self.remindersEnabled = remindersEnabled
        self.reminderHour = reminderHour
    }

    public static let `default` = UserSettings()
}
