import Foundation
import BsuirCore
import Dependencies

public protocol PairFormDisplayService {
    func colorName(for form: String) -> String
}

final class LivePairFormDisplayService: PairFormDisplayService {
    @Dependency(\.widgetService) var widgetService

    func colorName(for form: String) -> String {
        widgetService.reloadAll()
        return "blue"
    }
}

final class NoopPairFormDisplayService: PairFormDisplayService {
    func colorName(for form: String) -> String { "gray" }
}

// MARK: - Dependency

private enum PairFormDisplayServiceKey: DependencyKey {
  static let liveValue: any PairFormDisplayService = LivePairFormDisplayService()
  static let previewValue: any PairFormDisplayService = NoopPairFormDisplayService()
  static let testValue: any PairFormDisplayService = NoopPairFormDisplayService()
}

extension DependencyValues {
    public var pairFormDisplayService: any PairFormDisplayService {
        get { self[PairFormDisplayServiceKey.self] }
        set { self[PairFormDisplayServiceKey.self] = newValue }
    }
}
