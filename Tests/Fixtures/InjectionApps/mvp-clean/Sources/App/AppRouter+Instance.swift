import Core
import Detail
import Home
import Swinject
import UIKit

extension AppRouter {
    public static let instance: AppRouter = AppRouter.create()

    private static func create() -> AppRouter {
        let assembler: Assembler = Assembler()
        assembler.apply(
            assemblies: [
                AppAssembly(),
                HomeAssembly(),
                DetailAssembly()
            ]
        )
        let root = UIApplication.shared.delegate?.window??.rootViewController as? UINavigationController
        return AppRouter(assembler: assembler, navigation: root)
    }
}
