import XCTest
@testable import Anytype
@testable import Services

final class BlockServiceMock: BlockServiceProtocol, @unchecked Sendable {
    var deleted: [String] = []
    func delete(blockIds: [String]) async throws { deleted += blockIds }
}

@MainActor
final class KeyboardActionHandlerTests: XCTestCase {
    private var blockService: BlockServiceMock!

    override func setUpWithError() throws {
        let blockServiceMock = BlockServiceMock()
        Container.shared.blockService.register { blockServiceMock }
        blockService = blockServiceMock
    }

    func testStartsWithNothingDeleted() {
        XCTAssertEqual(blockService.deleted, [])
    }
}
