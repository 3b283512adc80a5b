@testable import ShopApp
import XCTest

final class ShopAppTests: XCTestCase {}
