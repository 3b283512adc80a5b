import SearchTesting
import XCTest
@testable import Search

final class SearchBuilderTests: XCTestCase {
    func testTheBuilderStartsWithTheInitialQuery() {
        let controller = SearchBuilder().makeSearch(initialQuery: "corgi")
        XCTAssertTrue(controller is SearchViewController)
        XCTAssertTrue(SearchBuildingMock().requestedQueries.isEmpty)
    }
}
