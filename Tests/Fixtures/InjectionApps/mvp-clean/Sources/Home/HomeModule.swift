import Core

public class HomeModule: AppModule {
    let router: AppRouter

    public init(router: AppRouter) {
        self.router = router
    }

    public func presentView() {
        let controller: HomeController = router.resolver.resolve(HomeController.self, argument: router)!
        router.presentView(controller: controller)
    }
}
