import Foundation
import Services

protocol WidgetActionsViewCommonMenuProviderProtocol: AnyObject {
    func onDeleteWidgetTap(widgetId: String)
}

@MainActor
final class WidgetActionsViewCommonMenuProvider: WidgetActionsViewCommonMenuProviderProtocol {
    
    @Injected(\.blockWidgetService)
    private var blockWidgetService: any BlockWidgetServiceProtocol
    
    nonisolated init() {}
    
    func onDeleteWidgetTap(widgetId: String) {
        Task { try? await blockWidgetService.removeWidget(widgetId: widgetId) }
    }
}
