import Foundation
import Dependencies
import DependenciesMacros
import Favorites
import ScheduleCore
import BsuirCore

@DependencyClient
struct ScheduleMarkingService {
    var isCurrentlyFavorite: (String) -> Bool = { _ in false }
    var favorite: (String) async -> Void
    var isCurrentlyPinned: (String) -> Bool = { _ in false }
    var pin: (String) async -> Void
}

// MARK: - Dependency

extension ScheduleMarkingService: DependencyKey {
    static let liveValue: ScheduleMarkingService = .live
}

extension DependencyValues {
    var scheduleMarkingService: ScheduleMarkingService {
        get { self[ScheduleMarkingService.self] }
        set { self[ScheduleMarkingService.self] = newValue }
    }
}

// MARK: - Live

private extension ScheduleMarkingService {
    static let live: ScheduleMarkingService = {
        @Dependency(\.favorites) var favorites
        @Dependency(\.pinnedScheduleService) var pinnedScheduleService
        @Dependency(\.reviewRequestService) var reviewRequestService

        return ScheduleMarkingService(
            isCurrentlyFavorite: { favorites.groupNames.contains($0) },
            favorite: { _ in reviewRequestService.madeMeaningfulEvent(3) },
            isCurrentlyPinned: { pinnedScheduleService.currentSchedule() == $0 },
            pin: { pinnedScheduleService.setCurrentSchedule($0) }
        )
    }()
}
