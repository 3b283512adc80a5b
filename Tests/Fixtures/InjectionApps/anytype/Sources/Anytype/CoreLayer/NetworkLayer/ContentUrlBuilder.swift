import Foundation

enum ContentUrlBuilder {
    private static var middlewareConfigurationProvider: any MiddlewareConfigurationProviderProtocol {
        return Container.shared.middlewareConfigurationProvider.resolve()
    }

    static func fileUrl(fileId: String) -> URL? {
        URL(string: middlewareConfigurationProvider.gatewayUrl + "/file/" + fileId)
    }
}
