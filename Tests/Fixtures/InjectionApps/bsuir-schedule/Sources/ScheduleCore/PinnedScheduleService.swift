import Foundation
import BsuirCore
import Dependencies

public struct PinnedScheduleService {
    public var currentSchedule: () -> String?
    public var setCurrentSchedule: (String?) -> Void
}

// MARK: - Dependency

extension DependencyValues {
    public var pinnedScheduleService: PinnedScheduleService {
        get { self[PinnedScheduleService.self] }
        set { self[PinnedScheduleService.self] = newValue }
    }
}

extension PinnedScheduleService: DependencyKey {
    public static let liveValue: PinnedScheduleService = {
        @Dependency(\.widgetService) var widgetService
        @Dependency(\.cloudSyncService) var cloudSyncService
        return PinnedScheduleService(
            currentSchedule: { cloudSyncService["cloud-pinned-schedule"] as? String },
            setCurrentSchedule: {
                cloudSyncService["cloud-pinned-schedule"] = $0
                widgetService.reload(.pinnedSchedule)
            }
        )
    }()

    public static let previewValue: PinnedScheduleService = .constant("151004")
}

extension PinnedScheduleService {
    static func constant(_ value: String?) -> Self {
        PinnedScheduleService(currentSchedule: { value }, setCurrentSchedule: { _ in })
    }
}
