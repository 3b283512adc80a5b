@testable import ShopApp
import XCTest

final class ShopAppTests: XCTestCase {
    func testTheAppLaunches() { XCTAssertNotNil(ShopApp.self) }
}
