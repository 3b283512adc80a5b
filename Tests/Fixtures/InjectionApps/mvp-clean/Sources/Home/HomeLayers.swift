import Core

public struct HomeResponse: Decodable { public let page: Int }

public final class HomeDatasource {
    var network: Network<HomeResponse>?
}

public final class HomeFactory {
    let datasource: HomeDatasource
    init(datasource: HomeDatasource) { self.datasource = datasource }
}

public final class HomeRepository {
    let factory: HomeFactory
    init(factory: HomeFactory) { self.factory = factory }
}

public final class HomeUsecase {
    init(repository: HomeRepository, executor: JobExecutor, thread: UIThread) {}
    public func dispose() {}
}
