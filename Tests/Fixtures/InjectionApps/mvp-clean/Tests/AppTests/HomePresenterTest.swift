import XCTest
@testable import App
import Core
@testable import Home

final class HomePresenterTest: XCTestCase {
    var view: HomeController!
    var presenter: HomePresenter!
    var usecase: HomeUsecase!

    override func setUp() {
        let router = AppRouter.instance
        view = HomeController()
        presenter = router.resolver.resolve(HomePresenter.self, arguments: router, view as HomeView)!
        usecase = router.resolver.resolve(HomeUsecase.self, argument: router)
        view.presenter = presenter
    }

    override func tearDown() { usecase.dispose() }
}
