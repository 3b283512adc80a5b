import Core
import Detail
import UIKit

public protocol HomeView: AnyObject { func onShowLoading() }

public final class HomePresenter {
    weak var view: HomeView?
    let usecase: HomeUsecase
    init(view: HomeView, usecase: HomeUsecase) {
        self.view = view
        self.usecase = usecase
    }
}

public final class HomeController: UIViewController, HomeView {
    public var presenter: HomePresenter?
    var router: AppRouter?
    public func onShowLoading() {}

    func open(entity: DetailEntity) {
        guard let router else { return }
        router.presentModule(module: DetailModule(router: router, entity: entity))
    }
}
