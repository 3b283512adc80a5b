@testable import Synstagram
import XCTest

final class AppConfigurationTests: XCTestCase {
    func testFallsBackToProductionWithoutAHost() {
        let configuration = AppConfiguration(bundle: Bundle(for: AppConfigurationTests.self))
        XCTAssertEqual(configuration.apiBaseURL, AppConfiguration.defaultBaseURL)
    }

    func testRouterReplacesTheRoot() {
        let router = AppRouter()
        router.replaceRoot(with: UIViewController())
        router.replaceRoot(with: UIViewController())
        XCTAssertEqual(router.navigation.viewControllers.count, 1)
    }
}
