import SearchInterface
import UIKit

public struct SearchBuilder: SearchBuilding {
    public init() {}

    public func makeSearch(initialQuery: String?) -> UIViewController {
        SearchViewController(viewModel: SearchViewModel(query: initialQuery ?? ""))
    }
}
