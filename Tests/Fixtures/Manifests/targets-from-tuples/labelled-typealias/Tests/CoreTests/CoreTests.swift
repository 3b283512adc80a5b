import Core
import XCTest

final class CoreTests: XCTestCase {}
