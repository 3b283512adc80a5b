public protocol BlockServiceProtocol: Sendable { func delete(blockIds: [String]) async throws }
final class BlockService: BlockServiceProtocol {
    func delete(blockIds: [String]) async throws {}
}

public protocol BlockWidgetServiceProtocol: Sendable { func removeWidget(widgetId: String) async throws }
final class BlockWidgetService: BlockWidgetServiceProtocol {
    func removeWidget(widgetId: String) async throws {}
}

public protocol SearchMiddleServiceProtocol: Sendable { func search(text: String) async throws -> [String] }
final class SearchMiddleService: SearchMiddleServiceProtocol {
    func search(text: String) async throws -> [String] { [] }
}
