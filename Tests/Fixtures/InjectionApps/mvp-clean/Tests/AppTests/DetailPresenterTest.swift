import XCTest
@testable import App
import Core
import Detail

final class DetailPresenterTest: XCTestCase {
    var view: DetailController!
    var presenter: DetailPresenter!

    override func setUp() {
        let router = AppRouter.instance
        view = DetailController()
        presenter = router.resolver.resolve(DetailPresenter.self, arguments: router, view as DetailView)!
        view.presenter = presenter
    }

    func testShowsTheMovie() {
        presenter.discoverMovie(entity: DetailEntity(title: "Title"))
    }
}
