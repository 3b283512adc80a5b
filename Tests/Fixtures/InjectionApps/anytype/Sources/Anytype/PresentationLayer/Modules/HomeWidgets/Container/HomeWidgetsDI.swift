import Foundation

extension Container {
    var widgetActionsViewCommonMenuProvider: Factory<any WidgetActionsViewCommonMenuProviderProtocol> {
        self { WidgetActionsViewCommonMenuProvider() }.shared
    }
}
