import XCTest
@testable import PetpionCore

final class CoreDIContainerTests: XCTestCase {
    func testTheImageCacheIsSharedAcrossResolutions() {
        CoreDIContainer().register()
        let first = DIContainer.shared.resolve(ImageCache.self)
        let second = DIContainer.shared.resolve(ImageCache.self)
        XCTAssertTrue(first === second)
    }
}
