@testable import Cart
import XCTest

final class CartTests: XCTestCase {
    func testAnEmptyCart() { XCTAssertTrue(CartView().products.isEmpty) }
}
