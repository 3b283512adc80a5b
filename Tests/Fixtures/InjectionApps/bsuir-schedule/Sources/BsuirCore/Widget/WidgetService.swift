import Foundation
import Dependencies

public struct WidgetService {
    public enum Timeline: String { case pinnedSchedule, examsSchedule }
    public var reload: (Timeline) -> Void
    public var reloadAll: () -> Void
}

extension WidgetService {
    public static let noop = WidgetService(reload: { _ in }, reloadAll: {})
}

// MARK: - Dependency

extension DependencyValues {
    public var widgetService: WidgetService {
        get { self[WidgetServiceKey.self] }
        set { self[WidgetServiceKey.self] = newValue }
    }
}

private enum WidgetServiceKey: DependencyKey {
    static let liveValue: WidgetService = {
        return WidgetService(
            reload: { timeline in print("reload \(timeline)") },
            reloadAll: { print("reload all") }
        )
    }()
    static let previewValue = WidgetService.noop
    static let testValue = WidgetService.noop
}
