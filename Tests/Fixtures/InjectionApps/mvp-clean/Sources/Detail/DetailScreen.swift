import UIKit

public struct DetailEntity { public let title: String; public init(title: String) { self.title = title } }

public protocol DetailView: AnyObject { func onShowDiscoverMovie(entity: DetailEntity) }

public final class DetailPresenter {
    weak var view: DetailView?
    public init(view: DetailView) { self.view = view }
    public func discoverMovie(entity: DetailEntity) { view?.onShowDiscoverMovie(entity: entity) }
}

public final class DetailController: UIViewController, DetailView {
    public var presenter: DetailPresenter?
    public var entity: DetailEntity?
    public func onShowDiscoverMovie(entity: DetailEntity) {}
}
