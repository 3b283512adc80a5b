import Swinject
import UIKit

public protocol AppModule { func presentView() }

public protocol AppRouterDelegate {
    var resolver: Resolver { get }
    func presentModule(module: AppModule)
    func presentView(controller: UIViewController)
}

public class AppRouter: AppRouterDelegate {
    private let assembler: Assembler
    private let navigation: UINavigationController?

    public init(assembler: Assembler, navigation: UINavigationController?) {
        self.assembler = assembler
        self.navigation = navigation
    }

    public var resolver: Resolver { return assembler.resolver }

    public func presentModule(module: AppModule) { module.presentView() }

    public func presentView(controller: UIViewController) {
        navigation?.pushViewController(controller, animated: true)
    }
}
