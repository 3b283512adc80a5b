import XCTest
@testable import Core

final class DIContainerTests: XCTestCase {
    func testResolvesWhatWasRegistered() {
        DIContainer.shared.register(String.self) { "registered" }
        XCTAssertEqual(DIContainer.shared.resolve(String.self), "registered")
    }
}
