import UIKit

/// What other features need to show search: the app registers the implementation.
public protocol SearchBuilding {
    func makeSearch(initialQuery: String?) -> UIViewController
}
