import Core

public class DetailModule: AppModule {
    let router: AppRouter
    let entity: DetailEntity

    public init(router: AppRouter, entity: DetailEntity) {
        self.router = router
        self.entity = entity
    }

    public func presentView() {
        let controller: DetailController = router.resolver.resolve(DetailController.self, argument: router)!
        controller.entity = entity
        router.presentView(controller: controller)
    }
}
