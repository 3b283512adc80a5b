@testable import Cart
import XCTest

final class CartTests: XCTestCase {}
