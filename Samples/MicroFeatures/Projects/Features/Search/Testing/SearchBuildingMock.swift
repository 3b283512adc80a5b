import SearchInterface
import UIKit

public final class SearchBuildingMock: SearchBuilding {
    public private(set) var requestedQueries: [String?] = []

    public init() {}

    public func makeSearch(initialQuery: String?) -> UIViewController {
        requestedQueries.append(initialQuery)
        return UIViewController()
    }
}
