import Foundation
import Dependencies

public protocol ProductsService {
    var tips: [String] { get }
}

final class LiveProductsService: ProductsService {
    let widgetService: WidgetService
    init(widgetService: WidgetService) { self.widgetService = widgetService }
    var tips: [String] { [] }
}

final class ProductsServiceMock: ProductsService {
    var tips: [String] { ["small", "large"] }
}

// MARK: - Dependency

extension DependencyValues {
    public var productsService: any ProductsService {
        get { self[ProductsServiceKey.self] }
        set { self[ProductsServiceKey.self] = newValue }
    }
}

private enum ProductsServiceKey: DependencyKey {
    public static let liveValue: any ProductsService = {
        @Dependency(\.widgetService) var widgetService
        return LiveProductsService(widgetService: widgetService)
    }()

    public static let previewValue: any ProductsService = ProductsServiceMock()
}
